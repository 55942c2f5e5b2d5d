import { useQuery } from '@tanstack/react-query';
import { Check, MessageSquare, Search, UserMinus, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import {
  connectionRequestsQuery,
  connectionsQuery,
  useAnswerConnection,
  useRemoveConnection,
} from '#client/features/connections/api.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { personName } from '#common/people';
import type { Connection } from '#common/schemas/connections';

const nameOf = (c: Connection) => personName(c.person);

function PersonRow({ connection, children }: { connection: Connection; children: React.ReactNode }) {
  const { person } = connection;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
      <Link to={`/profile/${person.id}`} className="flex min-w-0 flex-1 items-center gap-3 hover:underline">
        <Avatar user={person} size={44} />
        <span className="min-w-0">
          <span className="block truncate font-medium">{nameOf(connection)}</span>
          <span className="block truncate text-sm text-muted-foreground">
            {[person.roles[0]?.name, person.location].filter(Boolean).join(' · ') || `@${person.username}`}
          </span>
        </span>
      </Link>
      <div className="flex flex-wrap gap-2 pl-14 sm:pl-0">{children}</div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3 p-4">
      <Skeleton className="h-14" />
      <Skeleton className="h-14" />
    </div>
  );
}

function MyConnections() {
  const list = useQuery(connectionsQuery);
  const remove = useRemoveConnection();
  const [filter, setFilter] = useState('');
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  const wanted = filter.trim().toLowerCase();
  const shown = list.data.connections.filter(
    (c) => wanted === '' || nameOf(c).toLowerCase().includes(wanted) || c.person.username.includes(wanted),
  );
  if (list.data.connections.length === 0) {
    return (
      <EmptyState title="No connections yet">
        Find crew in{' '}
        <Link to="/search" className="underline">
          Search
        </Link>{' '}
        and choose Connect on their profile.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="relative max-w-sm">
        <Search
          aria-hidden="true"
          className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search your connections"
          placeholder="Search your connections"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="pl-9"
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState title={`No connection matches “${filter}”`} />
      ) : (
        <ul aria-label="Your connections" className="divide-y divide-border rounded-xl border border-border">
          {shown.map((c) => (
            <PersonRow key={c.person.id} connection={c}>
              <Link
                to={`/profile/${c.person.id}`}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <MessageSquare aria-hidden="true" />
                Message
              </Link>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(c.person.id)}
              >
                <UserMinus aria-hidden="true" />
                Remove
              </Button>
            </PersonRow>
          ))}
        </ul>
      )}
    </div>
  );
}

function Requests() {
  const requests = useQuery(connectionRequestsQuery);
  const answer = useAnswerConnection();
  const withdraw = useRemoveConnection();
  if (requests.isPending) return <ListSkeleton />;
  if (requests.isError)
    return <ErrorState message={requests.error.message} onRetry={() => void requests.refetch()} />;
  const { incoming, outgoing } = requests.data;
  const respond = (requesterId: number, accept: boolean) =>
    answer.mutate(
      { requesterId, accept },
      { onSuccess: () => toast({ title: `Connection request ${accept ? 'accepted' : 'declined'}` }) },
    );
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="incoming-heading" className="flex flex-col gap-3">
        <h2 id="incoming-heading" className="font-semibold">
          Waiting for you ({incoming.length})
        </h2>
        {incoming.length === 0 ? (
          <EmptyState title="No requests waiting" />
        ) : (
          <ul
            aria-label="Incoming requests"
            className="divide-y divide-border rounded-xl border border-border"
          >
            {incoming.map((c) => (
              <PersonRow key={c.person.id} connection={c}>
                <Button size="sm" disabled={answer.isPending} onClick={() => respond(c.person.id, true)}>
                  <Check aria-hidden="true" />
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={answer.isPending}
                  onClick={() => respond(c.person.id, false)}
                >
                  <X aria-hidden="true" />
                  Decline
                </Button>
              </PersonRow>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="outgoing-heading" className="flex flex-col gap-3">
        <h2 id="outgoing-heading" className="font-semibold">
          Sent by you ({outgoing.length})
        </h2>
        {outgoing.length === 0 ? (
          <EmptyState title="No requests sent" />
        ) : (
          <ul aria-label="Sent requests" className="divide-y divide-border rounded-xl border border-border">
            {outgoing.map((c) => (
              <PersonRow key={c.person.id} connection={c}>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={withdraw.isPending}
                  onClick={() => withdraw.mutate(c.person.id)}
                >
                  Withdraw
                </Button>
              </PersonRow>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function ConnectionsPage() {
  useDocumentTitle('Connections');
  const requests = useQuery(connectionRequestsQuery);
  const waiting = requests.data?.incoming.length ?? 0;
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Connections</h1>
        <p className="mt-2 text-muted-foreground">The people you work with, and the requests between you.</p>
      </div>
      <Tabs defaultValue="connections" className="flex flex-col gap-6">
        <TabsList>
          <TabsTrigger value="connections">Connections</TabsTrigger>
          <TabsTrigger value="requests">Requests{waiting > 0 ? ` (${waiting})` : ''}</TabsTrigger>
        </TabsList>
        <TabsContent value="connections">
          <MyConnections />
        </TabsContent>
        <TabsContent value="requests">
          <Requests />
        </TabsContent>
      </Tabs>
    </div>
  );
}

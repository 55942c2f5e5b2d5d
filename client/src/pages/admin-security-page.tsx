import { useQuery } from '@tanstack/react-query';
import { PageLoading } from '#client/components/layout/app-shell.tsx';
import { securitySummaryQuery } from '#client/features/admin/api.ts';
import { SecurityOverview } from '#client/features/admin/components/security-charts.tsx';
import { SecurityEvents } from '#client/features/admin/components/security-events.tsx';
import { StaffGate, StaffSection } from '#client/features/admin/components/staff-gate.tsx';
import { UserLookup } from '#client/features/admin/components/user-lookup.tsx';
import { AdminUserActions } from '#client/features/admin/components/user-sessions.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

export default function AdminSecurityPage() {
  useDocumentTitle('Security');
  // The summary is also the access check: the server answers 404 below admin.
  const probe = useQuery(securitySummaryQuery);
  if (probe.isPending) return <PageLoading />;
  return (
    <StaffGate error={probe.error}>
      <div className="mx-auto max-w-layout px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Security</h1>
        <p className="mt-2 text-muted-foreground">Sign-in failures, refused requests, events and sessions.</p>
        <div className="mt-8 flex flex-col gap-6">
          <SecurityOverview />
          <StaffSection title="Security events" description="Newest first, 50 a page.">
            <SecurityEvents />
          </StaffSection>
          <StaffSection
            title="Sessions and roles"
            description="Find a member to see where they are signed in, end a session or change their role."
          >
            <UserLookup
              label="Find a member's sessions"
              actions={(user) => <AdminUserActions user={user} />}
            />
          </StaffSection>
        </div>
      </div>
    </StaffGate>
  );
}

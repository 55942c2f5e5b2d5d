import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { errorText } from '#client/features/auth/api.ts';
import {
  NOTIFICATION_TYPES,
  type NotificationData,
  type NotificationType,
} from '#common/schemas/notifications';
import { useSendTestNotification } from '../api.ts';

/** A believable example of each type, and the data key its actions need. */
const SAMPLES: Record<
  NotificationType,
  {
    label: string;
    title: string;
    message: string;
    idKey?: keyof NotificationData;
    rating?: number;
    amount?: number;
  }
> = {
  message: {
    label: 'Message',
    title: 'New message',
    message: 'Jordan Lee: Are you free for a two-day shoot next month?',
    idKey: 'conversationId',
  },
  review: {
    label: 'Review',
    title: 'New review',
    message: 'Sam Carter left you a 5-star review.',
    idKey: 'reviewId',
    rating: 5,
  },
  team_invite: {
    label: 'Team invite',
    title: 'Team invitation',
    message: 'You are invited to join "Night Ferry" as Gaffer.',
    idKey: 'teamId',
  },
  connection_request: {
    label: 'Connection request',
    title: 'Connection request',
    message: 'Priya Shah would like to connect with you.',
    idKey: 'requesterId',
  },
  booking_request: {
    label: 'Booking request',
    title: 'Booking request',
    message: 'Northlight Pictures would like to book you for 12–14 June.',
    idKey: 'bookingId',
  },
  payment_received: {
    label: 'Payment received',
    title: 'Payment received',
    message: 'You received a payment for "Harbour Lights".',
    idKey: 'paymentId',
    amount: 1250,
  },
  profile_featured: {
    label: 'Profile featured',
    title: 'Achievement Unlocked!',
    message: 'Your profile is featured on the CrewBase home page this week.',
  },
  system: { label: 'System', title: 'Test notification', message: 'This is a test notification.' },
  saved_search_match: {
    label: 'Saved search match',
    title: '3 new people match “Gaffers Atlanta”',
    message: 'Sam Carter, Priya Shah and Jordan Lee',
  },
  call_application: {
    label: 'Call application',
    title: 'New application',
    message: 'Sam Carter applied to your call “Gaffer for a 3-day shoot”.',
    idKey: 'callId',
  },
  application_update: {
    label: 'Application update',
    title: 'You were shortlisted',
    message: 'Northlight Pictures shortlisted you for “Gaffer for a 3-day shoot”.',
    idKey: 'callId',
  },
  call_match: {
    label: 'Call match',
    title: '2 new calls match your roles',
    message: 'Gaffer in Atlanta, Best Boy Electric in Atlanta',
  },
};

const selectClass =
  'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground shadow-sm focus:border-ring';

/** /notification-test: sends a notification to oneself through the real path (preferences, socket). */
export function TestNotificationForm() {
  const id = useId();
  const send = useSendTestNotification();
  const [type, setType] = useState<NotificationType>('system');
  const [title, setTitle] = useState(SAMPLES.system.title);
  const [message, setMessage] = useState(SAMPLES.system.message);
  const [relatedId, setRelatedId] = useState('1');
  const sample = SAMPLES[type];

  const choose = (next: NotificationType) => {
    setType(next);
    setTitle(SAMPLES[next].title);
    setMessage(SAMPLES[next].message);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data: NotificationData = {};
    const related = Number.parseInt(relatedId, 10);
    if (sample.idKey && Number.isInteger(related)) Object.assign(data, { [sample.idKey]: related });
    if (sample.rating !== undefined) data.rating = sample.rating;
    if (sample.amount !== undefined) data.amount = sample.amount;
    send.mutate({ type, title, message, data: Object.keys(data).length > 0 ? data : undefined });
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 sm:p-6"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <select
          id={`${id}-type`}
          className={selectClass}
          value={type}
          onChange={(event) => choose(event.target.value as NotificationType)}
        >
          {NOTIFICATION_TYPES.map((value) => (
            <option key={value} value={value}>
              {SAMPLES[value].label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Input
          id={`${id}-message`}
          value={message}
          maxLength={500}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      {sample.idKey ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-related`}>{sample.idKey}</Label>
          <Input
            id={`${id}-related`}
            inputMode="numeric"
            value={relatedId}
            onChange={(e) => setRelatedId(e.target.value.replace(/\D/g, ''))}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send test notification'}
        </Button>
        <p role="status" className="text-sm">
          {send.isSuccess
            ? send.data.notification
              ? 'Sent. It arrives in the bell over the live connection.'
              : 'Not sent: your preferences turn this type of notification off.'
            : null}
        </p>
      </div>
      {send.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(send.error, 'The test notification could not be sent.')}
        </p>
      ) : null}
    </form>
  );
}

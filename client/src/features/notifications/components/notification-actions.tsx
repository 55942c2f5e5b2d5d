import { Check, Download, Eye, Reply, Share2, X } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { cn } from '#client/lib/cn.ts';
import type { Notification } from '#common/schemas/notifications';
import {
  actionFailedToast,
  canRespond,
  NOTIFICATION_TOASTS,
  type RequestDecision,
  useRespondToRequest,
} from '../api.ts';
import { viewLinkOf } from '../links.ts';
import { NotificationOutcomeLine } from './notification-bits.tsx';

interface ActionProps {
  notification: Notification;
  /** The id of the notification's title: every button is described by it, so "Accept" says what. */
  describedBy: string;
  /** SPEC §4: any action marks the notification read. */
  onActed: () => void;
}

/**
 * A review's Thank is the reviews feature's button (its mutation refreshes what reviews cache). The
 * notifications page hands it in, since notifications sit below reviews.
 */
export type ThankButton = ComponentType<{
  /** The person reviewed. */
  subjectId: number;
  reviewId: number;
  describedBy: string;
  onThanked: () => void;
  /** SPEC §8's action failure. */
  onFailed: () => void;
}>;

function ActionLink({
  to,
  icon,
  children,
  describedBy,
  onActed,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  describedBy: string;
  onActed: () => void;
}) {
  return (
    <Link
      to={to}
      aria-describedby={describedBy}
      onClick={onActed}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
    >
      {icon}
      {children}
    </Link>
  );
}

/**
 * Accept and Decline of a team invite, connection request or booking request (SPEC §7 calls), as
 * long as it waits: once answered, by anyone and from anywhere, the outcome shows instead (issue 31).
 */
function RespondButtons({ notification, describedBy, onActed }: ActionProps) {
  const respond = useRespondToRequest();
  const [answered, setAnswered] = useState<RequestDecision | null>(null);
  if (!canRespond(notification)) return null;
  if (notification.resolved)
    return <NotificationOutcomeLine resolved={notification.resolved} className="h-8" />;
  if (answered) {
    return (
      <p className="inline-flex h-8 items-center gap-1.5 text-sm font-medium text-muted-foreground">
        {answered === 'accept' ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <X aria-hidden="true" className="size-4" />
        )}
        {answered === 'accept' ? 'Accepted' : 'Declined'}
      </p>
    );
  }
  const answer = (decision: RequestDecision) =>
    respond.mutate(
      { notification, decision },
      {
        onSuccess: () => {
          setAnswered(decision);
          onActed();
        },
      },
    );
  const pending = respond.isPending ? respond.variables?.decision : null;
  return (
    <>
      <Button
        size="sm"
        aria-describedby={describedBy}
        disabled={respond.isPending}
        onClick={() => answer('accept')}
      >
        <Check aria-hidden="true" />
        {pending === 'accept' ? 'Accepting...' : 'Accept'}
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-describedby={describedBy}
        disabled={respond.isPending}
        onClick={() => answer('decline')}
      >
        <X aria-hidden="true" />
        {pending === 'decline' ? 'Declining...' : 'Decline'}
      </Button>
    </>
  );
}

/** SPEC §7: the invoice is saved as invoice-{paymentId}.pdf; the browser's own download does it. */
function DownloadInvoice({
  paymentId,
  describedBy,
  onActed,
}: { paymentId: number } & Omit<ActionProps, 'notification'>) {
  return (
    <a
      href={`/api/payments/${paymentId}/invoice`}
      download={`invoice-${paymentId}.pdf`}
      aria-describedby={describedBy}
      onClick={onActed}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
    >
      <Download aria-hidden="true" />
      Download Invoice
    </a>
  );
}

/** SPEC §2 and §8: Share Achievement copies "Achievement Unlocked!" and the news to the clipboard. */
function ShareAchievement({ notification, describedBy, onActed }: ActionProps) {
  const share = async () => {
    const profileUrl = `${window.location.origin}/profile/${notification.userId}`;
    try {
      await navigator.clipboard.writeText(`Achievement Unlocked! ${notification.message} ${profileUrl}`);
      toast(NOTIFICATION_TOASTS.copied);
      onActed();
    } catch {
      actionFailedToast();
    }
  };
  return (
    <Button size="sm" variant="outline" aria-describedby={describedBy} onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      Share Achievement
    </Button>
  );
}

/** The actions SPEC §2 gives each type of notification. */
export function NotificationActions({
  className,
  thankButton: Thank,
  ...props
}: ActionProps & { className?: string; thankButton: ThankButton }) {
  const { notification, describedBy, onActed } = props;
  const view = viewLinkOf(notification);
  const link = (label: string, icon: ReactNode) =>
    view ? (
      <ActionLink to={view} icon={icon} describedBy={describedBy} onActed={onActed}>
        {label}
      </ActionLink>
    ) : null;
  const actions = (() => {
    switch (notification.type) {
      case 'team_invite':
      case 'booking_request':
        return (
          <>
            <RespondButtons {...props} />
            {link('View Details', <Eye aria-hidden="true" />)}
          </>
        );
      case 'connection_request':
        return (
          <>
            <RespondButtons {...props} />
            {link('View Profile', <Eye aria-hidden="true" />)}
          </>
        );
      case 'message':
        return (
          <>
            {link('Reply', <Reply aria-hidden="true" />)}
            {link('View', <Eye aria-hidden="true" />)}
          </>
        );
      case 'review':
        return (
          <>
            {link('View Review', <Eye aria-hidden="true" />)}
            {notification.data?.reviewId !== undefined ? (
              <Thank
                subjectId={notification.userId}
                reviewId={notification.data.reviewId}
                describedBy={describedBy}
                onThanked={onActed}
                onFailed={actionFailedToast}
              />
            ) : null}
          </>
        );
      case 'payment_received':
        return (
          <>
            {link('View Payment', <Eye aria-hidden="true" />)}
            {notification.data?.paymentId !== undefined ? (
              <DownloadInvoice
                paymentId={notification.data.paymentId}
                describedBy={describedBy}
                onActed={onActed}
              />
            ) : null}
          </>
        );
      case 'profile_featured':
        return <ShareAchievement {...props} />;
      case 'saved_search_match':
        return link('See who matches', <Eye aria-hidden="true" />);
      case 'call_application':
        return link('View Applications', <Eye aria-hidden="true" />);
      case 'application_update':
        return link('View Call', <Eye aria-hidden="true" />);
      case 'call_match':
        return link('View Calls', <Eye aria-hidden="true" />);
      case 'system':
        return link('View Details', <Eye aria-hidden="true" />);
      default:
        return null;
    }
  })();
  if (!actions) return null;
  return <div className={cn('flex flex-wrap items-center gap-2', className)}>{actions}</div>;
}

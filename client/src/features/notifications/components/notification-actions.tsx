import { Check, Download, Eye, Heart, Reply, Share2, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { useThankReview } from '#client/features/reviews/api.ts';
import { cn } from '#client/lib/cn.ts';
import { ApiError } from '#client/lib/http.ts';
import { THANK_TOAST } from '#common/reviews';
import type { Notification } from '#common/schemas/notifications';
import {
  actionFailedToast,
  canRespond,
  NOTIFICATION_TOASTS,
  type RequestDecision,
  useRespondToRequest,
} from '../api.ts';
import { viewLinkOf } from '../links.ts';

interface ActionProps {
  notification: Notification;
  /** The id of the notification's title: every button is described by it, so "Accept" says what. */
  describedBy: string;
  /** SPEC §4: any action marks the notification read. */
  onActed: () => void;
}

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

/** Accept and Decline of a team invite, connection request or booking request (SPEC §7 calls). */
function RespondButtons({ notification, describedBy, onActed }: ActionProps) {
  const respond = useRespondToRequest();
  const [answered, setAnswered] = useState<RequestDecision | null>(null);
  if (!canRespond(notification)) return null;
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

/**
 * Thank the reviewer, through the reviews feature's own mutation. A refusal the server explains
 * (already thanked) is shown as it says it; other failures read as SPEC §8's action failure.
 */
function ThankButton({ notification, describedBy, onActed }: ActionProps) {
  const thank = useThankReview(notification.userId);
  const [thanked, setThanked] = useState(false);
  const reviewId = notification.data?.reviewId;
  if (reviewId === undefined) return null;
  if (thanked) {
    return (
      <p className="inline-flex h-8 items-center gap-1.5 text-sm font-medium text-muted-foreground">
        <Heart aria-hidden="true" className="size-4 fill-current text-rose-500" />
        Thanked
      </p>
    );
  }
  return (
    <Button
      size="sm"
      variant="outline"
      aria-describedby={describedBy}
      disabled={thank.isPending}
      onClick={() =>
        thank.mutate(reviewId, {
          onSuccess: () => {
            toast({ title: THANK_TOAST.title, description: THANK_TOAST.description });
            setThanked(true);
            onActed();
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) {
              toast({ title: 'Error', description: error.plainMessage, variant: 'destructive' });
              setThanked(true);
              onActed();
              return;
            }
            actionFailedToast();
          },
        })
      }
    >
      <Heart aria-hidden="true" />
      {thank.isPending ? 'Thanking...' : 'Thank'}
    </Button>
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
export function NotificationActions({ className, ...props }: ActionProps & { className?: string }) {
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
            <ThankButton {...props} />
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
      default:
        return null;
    }
  })();
  if (!actions) return null;
  return <div className={cn('flex flex-wrap items-center gap-2', className)}>{actions}</div>;
}

import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useEarlyTap } from '#client/lib/early-taps.ts';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';

/**
 * The signed-out header's Log In and Sign Up: they ask the page for the auth modals (SPEC §2). A tap
 * made before the app has started opens the modal once it has (lib/early-taps.ts).
 */
export function AuthButtons({
  stacked = false,
  onChoose,
  className,
}: {
  stacked?: boolean;
  onChoose?: () => void;
  className?: string;
}) {
  const logIn = useEarlyTap('log-in', () => {
    onChoose?.();
    firePageEvent(PAGE_EVENTS.openLogin);
  });
  const signUp = useEarlyTap('sign-up', () => {
    onChoose?.();
    firePageEvent(PAGE_EVENTS.openRegister);
  });
  return (
    <div className={cn('flex gap-2', stacked && 'flex-col', className)}>
      {/*
       * Issue 33: visitors see what Premium costs before signing up. A plain link: it works at once.
       * In the bar from lg up: below that the main navigation has no room for it (the footer has it).
       */}
      <Link
        to="/pricing"
        onClick={onChoose}
        className={buttonVariants({
          variant: 'ghost',
          className: stacked ? undefined : 'hidden lg:inline-flex',
        })}
      >
        Pricing
      </Link>
      <Button variant="outline" {...logIn}>
        Log In
      </Button>
      <Button variant="brand" {...signUp}>
        Sign Up
      </Button>
    </div>
  );
}

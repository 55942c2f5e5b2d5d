import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';

/** The signed-out header's Log In and Sign Up: they ask the page for the auth modals (SPEC §2). */
export function AuthButtons({ stacked = false, onChoose }: { stacked?: boolean; onChoose?: () => void }) {
  return (
    <div className={cn('flex gap-2', stacked && 'flex-col')}>
      <Button
        variant="outline"
        onClick={() => {
          onChoose?.();
          firePageEvent(PAGE_EVENTS.openLogin);
        }}
      >
        Log In
      </Button>
      <Button
        variant="brand"
        onClick={() => {
          onChoose?.();
          firePageEvent(PAGE_EVENTS.openRegister);
        }}
      >
        Sign Up
      </Button>
    </div>
  );
}

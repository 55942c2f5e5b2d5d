import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';

/**
 * Warns before unsaved edits are lost: the browser's own prompt for a reload, a closed tab or a typed
 * address (beforeunload), and a dialog for a move inside the app (the router's blocker). Staying on
 * the page (a hash link to another section) is not leaving, so it is never blocked.
 */
export function UnsavedChangesGuard({ when, what }: { when: boolean; what: string }) {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description={`Your changes to ${what} have not been saved. If you leave now, they will be lost.`}
      cancelLabel="Keep editing"
      confirmLabel="Leave without saving"
      destructive
      onConfirm={() => blocker.proceed?.()}
    />
  );
}

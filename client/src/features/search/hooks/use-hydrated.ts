import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while the browser hydrates it, true once the app runs (at once
 * for a page rendered in the browser). For the parts of a form that only matter before the app
 * starts, or with JavaScript off: the native "Apply" button, a link standing in for a dialog's
 * button. Only the component that asks renders again, once, after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { Dialog } from './dialog.tsx';
import type { Sheet } from './sheet.tsx';

/**
 * The dialog and the side panel the app shell keeps mounted (auth, profile setup, the phone menu)
 * are closed on almost every page view, and Radix's dialog with its focus trap and scroll lock is a
 * good part of the first load. These stand-ins take the same props and fetch the real component the
 * first time `open` is true (or earlier, through the preload functions), then keep it mounted so its
 * closing animation and focus return work as before.
 */
export const preloadDialog = () => import('./dialog.tsx');
export const preloadSheet = () => import('./sheet.tsx');

const RealDialog = lazy(() => preloadDialog().then((module) => ({ default: module.Dialog })));
const RealSheet = lazy(() => preloadSheet().then((module) => ({ default: module.Sheet })));

function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function LazyDialog(props: ComponentProps<typeof Dialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <RealDialog {...props} />
    </Suspense>
  );
}

export function LazySheet(props: ComponentProps<typeof Sheet>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <RealSheet {...props} />
    </Suspense>
  );
}

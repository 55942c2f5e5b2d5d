import { type ComponentProps, type ComponentType, lazy, Suspense, useState } from 'react';
import type { Dialog } from './dialog.tsx';
import type { Sheet } from './sheet.tsx';

/**
 * A dialog or side panel that is closed on almost every page view need not be in the page's first
 * load: Radix's dialog with its focus trap and scroll lock, or a form with its schema, react-hook-form
 * and zod. `lazyOverlay` makes a stand-in that takes the same props and fetches the real component
 * the first time it is open (or earlier, through a preload function), then keeps it mounted so its
 * closing animation and focus return work as before. The state that opened it is the caller's, so
 * a click made before the code arrives is not lost: the overlay opens when it is there.
 */
export function lazyOverlay<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean,
): ComponentType<Props> {
  const Real = lazy(() => load().then((component) => ({ default: component })));
  return function LazyOverlay(props: Props) {
    if (!useOpenedOnce(isOpen(props))) return null;
    return (
      <Suspense fallback={null}>
        <Real {...props} />
      </Suspense>
    );
  };
}

function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export const preloadSheet = () => import('./sheet.tsx');

export const LazyDialog = lazyOverlay<ComponentProps<typeof Dialog>>(
  () => import('./dialog.tsx').then((module) => module.Dialog),
  (props) => props.open,
);
export const LazySheet = lazyOverlay<ComponentProps<typeof Sheet>>(
  () => preloadSheet().then((module) => module.Sheet),
  (props) => props.open,
);

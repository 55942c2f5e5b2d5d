import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast-store.ts';

const ToastViewport = lazy(() => import('./toast-viewport.tsx'));

/**
 * Where toasts appear. Most page views show none, so Radix's toast region is fetched with the first
 * toast and then stays mounted (its closing animation and its F8 landmark keep working).
 */
export function Toaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}

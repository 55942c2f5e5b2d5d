import { lazy, Suspense } from 'react';
import { dismissUpdate, useAppUpdate } from '#client/lib/app-update.ts';

const UpdateBanner = lazy(() => import('./update-banner.tsx'));

/** Shows the new-version banner once a new build's worker is waiting; its code loads only then. */
export function UpdatePrompt() {
  const { waiting, apply } = useAppUpdate();
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner onReload={apply} onLater={dismissUpdate} />
    </Suspense>
  );
}

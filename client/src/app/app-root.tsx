import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { ErrorBoundary } from '#client/components/error-fallback.tsx';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { markAppReady } from '#client/lib/early-taps.ts';

/**
 * The providers around the router, the same in the browser (main.tsx) and on the server
 * (entry-server.tsx): hydration needs both trees to be alike, down to the positions useId counts.
 */
export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {children}
          <Toaster />
          <MarkReady />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}

/**
 * Marks `<html data-app-ready>` once the app has mounted or hydrated: a server-rendered page looks
 * finished before it answers clicks, and tests (and anyone measuring) need to tell the two apart.
 * A tap made on the header before then is acted on now (lib/early-taps.ts). Its effect runs last,
 * after every other component's.
 */
function MarkReady() {
  useEffect(() => markAppReady(), []);
  return null;
}

import './lib/zod-csp.ts';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { ErrorBoundary } from './components/error-fallback.tsx';
import { Toaster } from './components/ui/toaster.tsx';
import { installGlobalErrorHandling } from './lib/global-errors.ts';
import { createQueryClient } from './lib/query-client.ts';

installGlobalErrorHandling();

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Root element not found! Add a root element with id "root" to your HTML.');
}

const queryClient = createQueryClient();

createRoot(rootElement).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

// The worker's code (workbox-window) is a lazy chunk, fetched after the page has loaded.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () => void import('./app/pwa.ts').then((pwa) => pwa.registerServiceWorker()),
  );
}

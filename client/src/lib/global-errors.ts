import { isChunkLoadError, reloadOnceForNewBuild } from './chunk-reload.ts';

/** SPEC §8 global handling, installed once before the app renders. */
export function installGlobalErrorHandling(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForNewBuild()) event.preventDefault();
  });

  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    if (isChunkLoadError(reason) && reloadOnceForNewBuild()) {
      event.preventDefault();
      return;
    }
    // Flaky networks reject fetches all the time; they are reported where they matter, not here.
    if (/network error|fetch/i.test(message)) {
      console.warn('Network request failed:', message);
      event.preventDefault();
      return;
    }
    // A WebSocket that cannot be built, or a message carrying a token, must not reach the console.
    if (/websocket/i.test(message) || message.includes('token=')) {
      event.preventDefault();
      return;
    }
    console.error('Unhandled rejection:', reason);
  });
}

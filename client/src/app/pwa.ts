import { registerSW } from 'virtual:pwa-register';
import { announceUpdate } from '#client/lib/app-update.ts';

/**
 * Registers /sw.js (scope /). A new build's worker waits until the visitor accepts the prompt, so
 * the page never reloads by itself, in the middle of a form or anywhere else.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh: () => announceUpdate(() => void update(true)),
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
}

import { notificationTarget } from '#common/notifications';
import type { Notification } from '#common/schemas/notifications';

/** SPEC §9: a browser notification closes itself after 8 s. */
export const BROWSER_NOTIFICATION_AUTO_CLOSE_MS = 8_000;

export type BrowserPermission = NotificationPermission | 'unsupported';

export function browserPermission(): BrowserPermission {
  return typeof window !== 'undefined' && 'Notification' in window
    ? window.Notification.permission
    : 'unsupported';
}

/** Must run inside a user gesture (a click or a checkbox change): browsers ignore it otherwise. */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === 'unsupported') return 'unsupported';
  try {
    return await window.Notification.requestPermission();
  } catch {
    return browserPermission();
  }
}

/**
 * Shows one notification from the site, when the browser allows it. The tag is the notification's
 * id, so several open tabs of the same user show it once. A click focuses the tab and goes where
 * SPEC §9 says for the type.
 */
export function showBrowserNotification(notification: Notification, navigate: (to: string) => void): void {
  if (browserPermission() !== 'granted') return;
  let shown: globalThis.Notification;
  try {
    shown = new window.Notification(notification.title, {
      body: notification.message,
      tag: `crewbase-notification-${notification.id}`,
      icon: '/favicon.svg',
    });
  } catch (error) {
    // Some browsers (Android Chrome) only allow notifications from a service worker; logged only (SPEC §8).
    console.warn('Browser notification not shown', error);
    return;
  }
  const timer = window.setTimeout(() => shown.close(), BROWSER_NOTIFICATION_AUTO_CLOSE_MS);
  shown.onclick = (event) => {
    event.preventDefault();
    window.clearTimeout(timer);
    window.focus();
    navigate(notificationTarget(notification));
    shown.close();
  };
}

import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '#client/lib/cn.ts';
import { dismissToast, useToasts } from './toast-store.ts';

/** SPEC §9 toast defaults: 5000 ms on screen, dismissed by a 50 px swipe. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** Radix's toast region with the current toasts; <Toaster /> loads it with the first toast. */
export default function ToastViewport() {
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection="right"
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg transition duration-200 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            item.variant === 'destructive'
              ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
              : 'border-border bg-card text-foreground',
          )}
        >
          <div className="flex flex-col gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Dismiss"
            className="absolute right-2 top-2 rounded-md p-1.5 opacity-70 hover:bg-black/5 hover:opacity-100 dark:hover:bg-white/10"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label="Status messages ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}

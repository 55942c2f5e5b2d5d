import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
}

/**
 * A tiny store so `toast()` works from anywhere (mutation callbacks included), not only from
 * components. SPEC §9 (library defaults): one toast at a time, so a new one replaces the last.
 */
let current: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ToastItem[]) {
  current = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  publish([{ ...input, id }]);
  return id;
}

export function dismissToast(id: number): void {
  publish(current.filter((item) => item.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Scrolls the highlighted review inside it into view and moves focus there, once, when it first
 * appears: a `?review=` link lands on that review, and a screen reader starts reading it.
 */
export function ScrollTarget({ active, children }: { active: boolean; children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active) return;
    const target = wrapper.current?.querySelector<HTMLElement>('[data-highlighted]');
    if (!target) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  }, [active]);
  return <div ref={wrapper}>{children}</div>;
}

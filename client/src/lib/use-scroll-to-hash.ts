import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A link to one section of a page (`/account#calendar`, `/profile/edit#experience`) lands on it,
 * once, on arrival: later hash links on the page scroll by themselves.
 */
export function useScrollToHashOnArrival() {
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival, not on every hash link
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, []);
}

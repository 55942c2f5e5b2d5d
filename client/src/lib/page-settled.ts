import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle.ts';

/**
 * False until the page has loaded and the browser has had an idle moment after it (at the latest
 * `timeout` ms after the load event): for what may wait until the page has settled, such as the
 * guided tour's first tip, whose popover is a long task of its own on a slow phone.
 */
export function usePageSettled(timeout = 3000): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let cancelIdle = () => {};
    const onLoad = () => {
      cancelIdle = whenIdle(() => setSettled(true), timeout);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      cancelIdle();
    };
  }, [timeout]);
  return settled;
}

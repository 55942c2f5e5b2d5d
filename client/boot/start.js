// Starts the app once the browser has painted the page. index.html names the entry and the chunks
// it imports on this script's tag. A public page arrives server-rendered: painting it first, with
// the connection left to the stylesheet and the font, then fetching and running the app, gets
// content on a slow phone's screen soonest; its links work before the app runs. A page with
// nothing to paint yet (a private page, rendered in the browser), or one loading in a hidden tab,
// which paints nothing, starts at once.
(() => {
  const { entry, preload } = document.currentScript.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // Every chunk of the first load at once, rather than each only when the one importing it arrives;
    // in one insertion, which costs the browser a fraction of one per link (lib/batched-preloads.ts).
    const links = document.createDocumentFragment();
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const root = document.getElementById('root');
  if (!root?.hasChildNodes() || document.visibilityState !== 'visible') return start();
  // After the first contentful paint where the browser reports it, else a frame and a task later.
  // The timeout is only a guard: server-rendered content is painted within a frame or two.
  setTimeout(start, 1000);
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
})();

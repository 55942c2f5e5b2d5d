import { useEffect, useState } from 'react';
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';

const ORDER = ['TTFB', 'FCP', 'LCP', 'CLS', 'INP'] as const;
const EXPLAIN: Record<(typeof ORDER)[number], string> = {
  TTFB: 'Time to first byte of the page',
  FCP: 'First contentful paint',
  LCP: 'Largest contentful paint',
  CLS: 'Cumulative layout shift',
  INP: 'Interaction to next paint (click or type something)',
};

const RATING_CLASS: Record<Metric['rating'], string> = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  'needs-improvement': 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  poor: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

/** This tab's Core Web Vitals as the browser measured them, updated as they change. */
export function WebVitalsPanel() {
  const [metrics, setMetrics] = useState<Record<string, Metric>>({});
  useEffect(() => {
    let live = true;
    const record = (metric: Metric) => {
      if (live) setMetrics((all) => ({ ...all, [metric.name]: metric }));
    };
    const options = { reportAllChanges: true };
    onTTFB(record, options);
    onFCP(record, options);
    onLCP(record, options);
    onCLS(record, options);
    onINP(record, options);
    return () => {
      live = false;
    };
  }, []);
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {ORDER.map((name) => {
        const metric = metrics[name];
        return (
          <li key={name} className="flex items-center justify-between gap-3 rounded-lg bg-muted p-3">
            <div>
              <p className="font-semibold">{name}</p>
              <p className="text-xs text-muted-foreground">{EXPLAIN[name]}</p>
            </div>
            {metric ? (
              <span
                className={`rounded-full px-2.5 py-1 text-sm font-medium tabular-nums ${RATING_CLASS[metric.rating]}`}
              >
                {name === 'CLS' ? metric.value.toFixed(3) : `${Math.round(metric.value)} ms`}
              </span>
            ) : (
              <span className="text-sm text-muted-foreground">not yet measured</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

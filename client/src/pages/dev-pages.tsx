import { Crown } from 'lucide-react';

import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { BundleTable } from '#client/features/devtools/components/bundle-table.tsx';
import { CacheInspector } from '#client/features/devtools/components/cache-inspector.tsx';
import { DevPage, Panel } from '#client/features/devtools/components/dev-page.tsx';
import { SeoInspector } from '#client/features/devtools/components/seo-inspector.tsx';
import { WebVitalsPanel } from '#client/features/devtools/components/web-vitals-panel.tsx';
import { PRELOAD_TIMING } from '#client/lib/preload-timing.ts';

/** SPEC §2's internal pages: small, honest tools for developers, never listed by search engines. */

export function SpinnerDemoPage() {
  return (
    <DevPage title="Spinner demo" summary="Every loading state the product uses, side by side.">
      <Panel title="Spinner (components/ui/spinner.tsx)">
        <div className="flex flex-wrap items-center gap-6">
          <Spinner />
          <Spinner label="Saving..." />
          <Spinner label="Signing in..." className="text-foreground" />
        </div>
      </Panel>
      <Panel title="On the dark surfaces (hero, footer)">
        <div className="flex flex-wrap items-center gap-6 rounded-lg bg-ink p-4">
          <Spinner className="text-slate-300" />
        </div>
      </Panel>
      <Panel title="Buttons while a request is pending">
        <div className="flex flex-wrap gap-3">
          <Button disabled>Sending...</Button>
          <Button variant="outline" disabled>
            Saving...
          </Button>
        </div>
      </Panel>
      <Panel title="Skeletons (lists and cards while they load)">
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-24" />
        </div>
      </Panel>
    </DevPage>
  );
}

export function SeoDemoPage() {
  return (
    <DevPage
      title="SEO demo"
      summary="The tags a search engine reads for a page, and whether sitemap.xml and robots.txt let it in."
    >
      <Panel title="Tags of a page">
        <SeoInspector />
      </Panel>
    </DevPage>
  );
}

export function BundleOptimizationPage() {
  return (
    <DevPage
      title="Bundle optimization"
      summary="The real sizes of this build's chunks, from Vite's build manifest. Every page is a lazy chunk; the entry holds the shell."
    >
      <Panel title="Chunks, biggest first">
        <BundleTable />
      </Panel>
    </DevPage>
  );
}

export function PerformanceBaselinePage() {
  return (
    <DevPage
      title="Performance baseline"
      summary="Core Web Vitals of this tab, measured by the browser since the page was loaded (the web-vitals library)."
    >
      <Panel title="This session">
        <WebVitalsPanel />
      </Panel>
    </DevPage>
  );
}

const STEPS = {
  2: {
    title: 'Step 2: code splitting',
    summary: 'What the entry bundle weighs against the lazy route chunks a visitor may never download.',
    panel: <BundleTable limit={12} />,
  },
  3: {
    title: 'Step 3: preloading',
    summary:
      "The SPEC §9 timings this build uses to fetch the next page's code and data once the browser is idle.",
    panel: <PreloadTimings />,
  },
  4: {
    title: 'Step 4: offline caching',
    summary:
      'The service worker and its caches: the precached build, visited pages, public profiles, the role catalogue.',
    panel: <CacheInspector />,
  },
  5: {
    title: 'Step 5: crawlability',
    summary: 'Whether search engines can find the public pages: tags, sitemap.xml and robots.txt.',
    panel: <SeoInspector />,
  },
  6: {
    title: 'Step 6: field measurements',
    summary: 'Core Web Vitals of this tab, to compare with the baseline.',
    panel: <WebVitalsPanel />,
  },
} as const;

export const stepAnalysisPage = (step: keyof typeof STEPS) =>
  function StepAnalysisPage() {
    const { title, summary, panel } = STEPS[step];
    return (
      <DevPage title={title} summary={summary}>
        <Panel title="Measured now">{panel}</Panel>
      </DevPage>
    );
  };

function PreloadTimings() {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[14rem_1fr]">
      {Object.entries(PRELOAD_TIMING.delayByPath).map(([path, ms]) => (
        <div key={path} className="contents">
          <dt className="text-muted-foreground">After arriving on {path}</dt>
          <dd className="tabular-nums">{ms} ms</dd>
        </div>
      ))}
      <dt className="text-muted-foreground">Idle timeout, data</dt>
      <dd className="tabular-nums">{PRELOAD_TIMING.dataIdleTimeoutMs} ms</dd>
      <dt className="text-muted-foreground">Idle timeout, code</dt>
      <dd className="tabular-nums">{PRELOAD_TIMING.codeIdleTimeoutMs} ms</dd>
      <dt className="text-muted-foreground">Without requestIdleCallback</dt>
      <dd className="tabular-nums">{PRELOAD_TIMING.fallbackMs} ms</dd>
    </dl>
  );
}

export function TestMetallicPage() {
  return (
    <DevPage
      title="Metallic finish test"
      summary="The Premium gold and the tungsten accent on light and dark surfaces, to check contrast."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {[
          { name: 'Light surface', surface: 'bg-background' },
          { name: 'Dark surface', surface: 'bg-ink' },
        ].map(({ name, surface }) => (
          <div key={name} className={`flex flex-col gap-4 rounded-xl border border-border p-6 ${surface}`}>
            <p className={surface === 'bg-ink' ? 'text-sm text-slate-300' : 'text-sm text-muted-foreground'}>
              {name}
            </p>
            <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-gradient-to-br from-amber-200 via-amber-400 to-amber-600 px-3 py-1 text-sm font-semibold text-ink shadow-inner">
              <Crown aria-hidden="true" className="size-4" /> Premium
            </span>
            <span className="inline-flex w-fit rounded-lg bg-gradient-to-b from-slate-100 via-slate-300 to-slate-400 px-3 py-1 text-sm font-semibold text-ink">
              Verified collaboration
            </span>
            <Button variant="brand" className="w-fit">
              Upgrade to Premium
            </Button>
          </div>
        ))}
      </div>
    </DevPage>
  );
}

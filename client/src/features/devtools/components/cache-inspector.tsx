import { useQuery } from '@tanstack/react-query';
import { Spinner } from '#client/components/ui/spinner.tsx';

async function readCaches() {
  const controller = navigator.serviceWorker?.controller?.scriptURL ?? null;
  if (!('caches' in window)) return { controller, caches: [] };
  const names = await caches.keys();
  const list = await Promise.all(
    names.map(async (name) => ({ name, entries: (await (await caches.open(name)).keys()).length })),
  );
  return { controller, caches: list };
}

/** The service worker controlling this tab and what each of its caches holds. */
export function CacheInspector() {
  const { data, isPending } = useQuery({ queryKey: ['cache-storage'], queryFn: readCaches, staleTime: 0 });
  if (isPending || !data) return <Spinner />;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        Service worker:{' '}
        <strong>
          {data.controller ? new URL(data.controller).pathname : 'not controlling this tab yet'}
        </strong>
      </p>
      {data.caches.length === 0 ? (
        <p className="text-muted-foreground">No caches yet: they fill once the worker is installed.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {data.caches.map((cache) => (
            <li
              key={cache.name}
              className="flex justify-between gap-4 rounded bg-muted px-3 py-2 font-mono text-xs"
            >
              <span className="truncate">{cache.name}</span>
              <span>{cache.entries} entries</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

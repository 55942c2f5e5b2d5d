import { Skeleton } from '#client/components/ui/skeleton.tsx';

/** The profile's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton() {
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        Loading profile...
      </span>
      <div className="bg-ink">
        <div className="mx-auto flex max-w-layout flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:gap-8 sm:px-6 md:py-14">
          <div className="size-[120px] shrink-0 animate-pulse rounded-full bg-white/10" />
          <div className="flex flex-1 flex-col gap-3">
            <div className="h-9 w-64 max-w-full animate-pulse rounded-md bg-white/10" />
            <div className="flex gap-2">
              <div className="h-7 w-28 animate-pulse rounded-full bg-white/10" />
              <div className="h-7 w-24 animate-pulse rounded-full bg-white/10" />
            </div>
            <div className="h-4 w-72 max-w-full animate-pulse rounded bg-white/10" />
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-layout px-4 sm:px-6">
        <div className="flex gap-6 border-b border-border py-3">
          {[20, 24, 24, 20, 16].map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-5" style={{ width: `${width * 4}px` }} />
          ))}
        </div>
        <div className="flex max-w-3xl flex-col gap-3 py-8">
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      </div>
    </div>
  );
}

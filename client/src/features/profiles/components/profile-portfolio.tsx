import { ChevronLeft, ChevronRight, ExternalLink, Images, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import type { PortfolioItem } from '#common/schemas/profiles';
import { ProfileEmpty } from './profile-empty.tsx';
import { hostnameOf } from './profile-format.ts';

/** Work samples in three groups: stills open in a lightbox, reels play in place, sites open in a new tab. */
export function ProfilePortfolio({
  items,
  name,
  isOwner,
}: {
  items: PortfolioItem[];
  name: string;
  isOwner: boolean;
}) {
  const images = items.filter((item) => item.kind === 'image');
  const videos = items.filter((item) => item.kind === 'video' && item.embedUrl);
  const links = items.filter((item) => item.kind === 'link' || (item.kind === 'video' && !item.embedUrl));
  if (items.length === 0) {
    return (
      <ProfileEmpty
        icon={Images}
        title="No portfolio yet"
        ownerAction={isOwner ? { label: 'Add to your portfolio', to: '/profile/edit#portfolio' } : null}
      >
        {isOwner
          ? 'Add stills, your reel (YouTube or Vimeo) and links to your website.'
          : `${name} has not added any work samples yet.`}
      </ProfileEmpty>
    );
  }
  return (
    <div className="flex flex-col gap-10">
      {videos.length > 0 ? (
        <PortfolioGroup id="portfolio-videos" title="Reels and videos">
          <ul className="grid gap-6 md:grid-cols-2">
            {videos.map((item) => (
              <li key={item.id} className="flex flex-col gap-2">
                <iframe
                  src={item.embedUrl ?? undefined}
                  title={item.title}
                  loading="lazy"
                  allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  className="aspect-video w-full rounded-xl border border-border bg-ink"
                />
                <p className="font-medium">{item.title}</p>
                {item.description ? (
                  <p className="text-sm text-muted-foreground">{item.description}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </PortfolioGroup>
      ) : null}
      {images.length > 0 ? (
        <PortfolioGroup id="portfolio-images" title="Stills">
          <ImageGrid images={images} />
        </PortfolioGroup>
      ) : null}
      {links.length > 0 ? (
        <PortfolioGroup id="portfolio-links" title="Links">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {links.map((item) => (
              <li key={item.id}>
                <a
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                  className="group flex h-full gap-4 rounded-2xl border border-border bg-card p-5 transition-colors hover:border-brand"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground"
                  >
                    <Link2 className="size-5" />
                  </span>
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="flex items-center gap-1.5 font-medium">
                      <span className="truncate">{item.title}</span>
                      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </span>
                    <span className="truncate text-sm text-brand-strong dark:text-brand">
                      {hostnameOf(item.url)}
                    </span>
                    {item.description ? (
                      <span className="mt-1 line-clamp-2 text-sm text-muted-foreground">
                        {item.description}
                      </span>
                    ) : null}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </PortfolioGroup>
      ) : null}
    </div>
  );
}

function PortfolioGroup({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ImageGrid({ images }: { images: PortfolioItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const open = openIndex === null ? null : images[openIndex];
  const step = (delta: number) =>
    setOpenIndex((index) => (index === null ? null : (index + delta + images.length) % images.length));
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {images.map((item, index) => (
          <li key={item.id}>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setOpenIndex(index)}
              className="group block w-full overflow-hidden rounded-xl border border-border bg-muted text-left"
            >
              {/* The caption below names the button; the still itself would only repeat it. */}
              <img
                src={item.thumbnailUrl ?? item.url}
                alt=""
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
              />
              <span className="block truncate px-3 py-2 text-sm font-medium">{item.title}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={open !== null && open !== undefined}
        onOpenChange={(next) => !next && setOpenIndex(null)}
        title={open?.title ?? ''}
        description={
          images.length > 1 ? `Image ${(openIndex ?? 0) + 1} of ${images.length}` : 'Portfolio image'
        }
        className="max-w-5xl"
      >
        {open ? (
          // Arrow keys page through the stills while the lightbox has focus.
          // biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcut on top of the buttons below
          <div
            className="flex flex-col gap-4"
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') step(1);
              if (event.key === 'ArrowLeft') step(-1);
            }}
          >
            <img
              src={open.url}
              alt={open.title}
              className="max-h-[70dvh] w-full rounded-lg bg-ink object-contain"
            />
            {open.description ? <p className="text-sm text-muted-foreground">{open.description}</p> : null}
            {images.length > 1 ? (
              <div className="flex justify-between gap-2">
                <Button variant="outline" onClick={() => step(-1)}>
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <Button variant="outline" onClick={() => step(1)}>
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Dialog>
    </>
  );
}

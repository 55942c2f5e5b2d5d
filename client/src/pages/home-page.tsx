import { ArrowRight, BadgeCheck, Search, Star } from 'lucide-react';
import { Link } from 'react-router';
import { BrowseRolesNav } from '#client/features/roles/components/browse-roles-nav.tsx';
import { FeaturedRoles } from '#client/features/roles/components/featured-roles.tsx';
import { SearchBar } from '#client/features/search/components/search-bar.tsx';
import { TopRatedCrew } from '#client/features/search/components/top-rated-crew.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

const PROMISES = [
  {
    Icon: Search,
    title: 'Find crew fast',
    text: 'Search by name, role, skill or city and get answers as you type.',
  },
  { Icon: Star, title: 'Honest reviews', text: 'Ratings from the people who actually worked with them.' },
  {
    Icon: BadgeCheck,
    title: 'Nothing fake',
    text: 'Verified collaborations and real credits, not padded profiles.',
  },
];

export default function HomePage() {
  useDocumentTitle(null);
  return (
    <>
      <section id="hero-section" className="relative bg-ink text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.35),transparent_55%)]"
        />
        <div className="relative mx-auto flex max-w-layout flex-col gap-8 px-4 py-20 sm:px-6 md:py-28">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand">
            The film crew directory
          </p>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl md:text-6xl">
            Find the best film professionals. Showcase your talent.
          </h1>
          <p className="max-w-2xl text-lg text-slate-300">
            Directors, cinematographers, gaffers, editors and cast: browse crew by role, read honest reviews
            from people who shared the set, and hire with confidence.
          </p>
          <SearchBar id="search-bar" size="lg" className="max-w-2xl [&_input]:border-white/20" />
        </div>
      </section>

      <section className="mx-auto max-w-layout px-4 py-16 sm:px-6" aria-labelledby="featured-heading">
        <div className="mb-8 flex flex-col gap-2">
          <h2 id="featured-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Featured roles
          </h2>
          <p className="text-muted-foreground">
            The people every production needs, from prep to picture lock.
          </p>
        </div>
        <FeaturedRoles />
      </section>

      <section className="mx-auto max-w-layout px-4 pb-16 sm:px-6" aria-labelledby="top-rated-heading">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
          <div className="flex flex-col gap-2">
            <h2 id="top-rated-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Top-rated crew
            </h2>
            <p className="text-muted-foreground">
              Rated highest by the people who worked with them, weighted so a single review is not enough.
            </p>
          </div>
          <Link
            to="/search?sort=rating"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline dark:text-brand"
          >
            See all crew by rating <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <TopRatedCrew />
      </section>

      <section className="border-y border-border bg-muted/50" aria-labelledby="browse-heading">
        <div className="mx-auto max-w-layout px-4 py-16 sm:px-6">
          <h2 id="browse-heading" className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl">
            Browse crew by role
          </h2>
          <BrowseRolesNav id="browse-roles" />
        </div>
      </section>

      <section
        className="mx-auto grid max-w-layout gap-8 px-4 py-16 sm:px-6 md:grid-cols-3"
        aria-label="Why CrewBase"
      >
        {PROMISES.map(({ Icon, title, text }) => (
          <div key={title} className="flex flex-col gap-2">
            <Icon aria-hidden="true" className="size-6 text-brand-strong dark:text-brand" />
            <h2 className="font-semibold">{title}</h2>
            <p className="text-sm text-muted-foreground">{text}</p>
          </div>
        ))}
      </section>
    </>
  );
}

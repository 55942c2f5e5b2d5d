import { Link } from 'react-router';

export function Logo({ onDark = false }: { onDark?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight" aria-label="CrewBase home">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className={onDark ? 'text-white text-lg' : 'text-lg'}>
        Crew<span className={onDark ? 'text-brand' : 'text-brand-strong dark:text-brand'}>Base</span>
      </span>
    </Link>
  );
}

import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/** Free-text crew search; submitting goes to /search?q=… so the search can be shared and revisited. */
export function SearchBar({
  id,
  initialQuery = '',
  size = 'md',
  className,
}: {
  id?: string;
  initialQuery?: string;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
  };
  return (
    <search id={id} className={cn('w-full', className)}>
      <form onSubmit={submit} className="flex w-full gap-2">
        <label className="relative flex-1">
          <span className="sr-only">Search crew by name, role or skill</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search by name, role or skill: “gaffer Atlanta”"
            className={cn(
              'w-full rounded-lg border border-border bg-card pl-10 pr-3 text-foreground shadow-sm placeholder:text-muted-foreground focus:border-ring',
              size === 'lg' ? 'h-12 text-base' : 'h-10 text-sm',
            )}
          />
        </label>
        <Button type="submit" variant="brand" size={size === 'lg' ? 'lg' : 'md'}>
          Search
        </Button>
      </form>
    </search>
  );
}

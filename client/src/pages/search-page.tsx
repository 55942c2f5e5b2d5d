import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/state-message.tsx';
import { BrowseRolesNav } from '../features/roles/components/browse-roles-nav.tsx';
import { SearchBar } from '../features/search/components/search-bar.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  useDocumentTitle(query ? `“${query}” — Search` : 'Search Crew');
  return (
    <div className="mx-auto max-w-layout px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Search Crew</h1>
      <SearchBar key={query} initialQuery={query} className="mt-6 max-w-2xl" />
      <div className="mt-10">
        {query ? (
          <EmptyState title={`Full-text search for “${query}” is being built`}>
            Until it lands, pick a role below to see everyone who works in it.
          </EmptyState>
        ) : null}
        <h2 className="mb-6 mt-10 text-xl font-semibold">Browse by role</h2>
        <BrowseRolesNav />
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { OAUTH_PROVIDER_NAMES, type OAuthProvider } from '#common/schemas/auth';
import { authProvidersQuery } from '../api.ts';

/** Simple marks in the product's line style; brand artwork is the providers' to show on their pages. */
const MARKS: Record<OAuthProvider, ReactNode> = {
  google: (
    <>
      <path d="M20 12a8 8 0 1 1-2.34-5.66" />
      <path d="M20 12h-7.5" />
    </>
  ),
  facebook: <path d="M15.5 4H14a3.5 3.5 0 0 0-3.5 3.5V20M7.5 11h7" />,
  twitter: (
    <path d="M21 6.5c-.7.3-1.4.5-2.1.6a3.7 3.7 0 0 0 1.6-2 7.3 7.3 0 0 1-2.3.9A3.7 3.7 0 0 0 11.9 9 10.4 10.4 0 0 1 4.3 5.1a3.7 3.7 0 0 0 1.1 4.9 3.6 3.6 0 0 1-1.7-.5 3.7 3.7 0 0 0 3 3.6 3.7 3.7 0 0 1-1.7.1 3.7 3.7 0 0 0 3.4 2.6A7.4 7.4 0 0 1 3 17.3 10.5 10.5 0 0 0 8.7 19c6.8 0 10.6-5.7 10.6-10.6v-.5c.7-.5 1.3-1.1 1.7-1.4z" />
  ),
};

/**
 * SPEC §2: the provider buttons leave the app for the server's OAuth start URL (a full navigation).
 * Only the providers this server has configured are offered (issue 33), and none until the server
 * has said which: a page rendered on the server, or a failed answer, shows no button that would fail.
 */
export function SocialButtons() {
  const providers = useQuery(authProvidersQuery).data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        Or continue with
        <span className="h-px flex-1 bg-border" />
      </div>
      <div
        className={
          providers.length === 1
            ? 'grid'
            : providers.length === 2
              ? 'grid grid-cols-2 gap-2'
              : 'grid grid-cols-3 gap-2'
        }
      >
        {providers.map((provider) => (
          <Button
            key={provider}
            type="button"
            variant="outline"
            className="px-2"
            onClick={() => window.location.assign(`/api/auth/${provider}/login`)}
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {MARKS[provider]}
            </svg>
            {OAUTH_PROVIDER_NAMES[provider]}
          </Button>
        ))}
      </div>
    </div>
  );
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { isSigningOut, useCurrentUser } from '../api.ts';
import { authPathFor } from '../redirect.ts';

/**
 * SPEC §2 protected routes: a full-page "Loading..." while the user is being resolved, the page for
 * a signed-in user, otherwise /auth (remembering the page, to come back after signing in).
 */
export function RequireAuth() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="flex min-h-[70vh] items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (!user) {
    return (
      <Navigate to={isSigningOut() ? '/' : authPathFor(`${location.pathname}${location.search}`)} replace />
    );
  }
  return <Outlet />;
}

/** The signed-in user inside a protected route (RequireAuth renders nothing else). */
export function useSignedInUser() {
  const { data: user } = useCurrentUser();
  if (!user) throw new Error('useSignedInUser must be used inside a RequireAuth route');
  return user;
}

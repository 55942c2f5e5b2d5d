import { Navigate, useLocation } from 'react-router';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

/** SPEC §2: /profile is "my profile", which lives at /profile/{id}. */
export default function ProfileRedirectPage() {
  useDocumentTitle('My Profile');
  const user = useSignedInUser();
  // Notification links such as /profile?tab=reviews keep their query.
  const { search } = useLocation();
  return <Navigate to={`/profile/${user.id}${search}`} replace />;
}

import { useParams } from 'react-router';
import { ErrorState } from '#client/components/state-message.tsx';
import { useViewerFact } from '#client/features/auth/api.ts';
import { useProfile } from '#client/features/profiles/api.ts';
import { profileNameOf } from '#client/features/profiles/components/profile-format.ts';
import { ProfileHeader } from '#client/features/profiles/components/profile-header.tsx';
import { ProfileSkeleton } from '#client/features/profiles/components/profile-skeleton.tsx';
import { ProfileTabs, useProfileTab } from '#client/features/profiles/components/profile-tabs.tsx';
import { useMetaDescription } from '#client/features/profiles/components/use-meta-description.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { ApiError } from '#client/lib/http.ts';
import { ownsProfile } from '#common/policies/profiles';
import type { PublicProfile } from '#common/schemas/profiles';
import NotFoundPage from './not-found-page.tsx';

const MAX_ID = 2_147_483_647;

/** Profile ids are positive integers; anything else in the address is a page that does not exist. */
function profileIdFrom(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** SPEC §2 /profile/{id}: public; `?tab=` picks a tab, `?review=` is left for the reviews tab. */
export default function ProfilePage() {
  const id = profileIdFrom(useParams().id);
  const profile = useProfile(id);
  if (id === null) return <NotFoundPage />;
  if (profile.isPending) return <ProfileLoading />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && (profile.error.status === 404 || profile.error.status === 400))
      return <NotFoundPage />;
    return (
      <ProfileLoading>
        <div className="mx-auto max-w-layout px-4 py-16 sm:px-6">
          <ErrorState message={profile.error.message} onRetry={() => profile.refetch()} />
        </div>
      </ProfileLoading>
    );
  }
  return <ProfileView profile={profile.data} />;
}

/** Shown until the profile is known (and on failure): the title says what is loading. */
function ProfileLoading({ children }: { children?: React.ReactNode }) {
  useDocumentTitle('Crew profile');
  return children ?? <ProfileSkeleton />;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const isOwner = useViewerFact((viewer) => ownsProfile(viewer, profile.id));
  const name = profileNameOf(profile);
  const primaryRole = profile.roles[0]?.name;
  const [, setTab] = useProfileTab();
  const showReviews = () => {
    setTab('reviews');
    // Focus moves to the Reviews tab, which brings the tab row (and the reviews under it) into view.
    const trigger = document.querySelector<HTMLElement>('[role="tab"][data-tab="reviews"]');
    trigger?.focus({ preventScroll: true });
    trigger?.closest('[role="tablist"]')?.scrollIntoView({ block: 'start' });
  };
  useDocumentTitle(primaryRole ? `${name} — ${primaryRole}` : name);
  useMetaDescription(
    profile.bio ??
      [name, primaryRole, profile.location]
        .filter(Boolean)
        .join(', ')
        .concat(': credits, skills and work on CrewBase.'),
  );
  return (
    <>
      <ProfileHeader profile={profile} isOwner={isOwner} onShowReviews={showReviews} />
      <div className="mx-auto max-w-layout px-4 pb-20 sm:px-6">
        <ProfileTabs profile={profile} isOwner={isOwner} />
      </div>
    </>
  );
}

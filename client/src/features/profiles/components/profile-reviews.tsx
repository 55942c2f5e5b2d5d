import { ReviewsSection } from '#client/features/reviews/components/reviews-section.tsx';
import type { PublicProfile } from '#common/schemas/profiles';
import { profileQuery } from '../api.ts';

/** The reviews tab: the reviews feature, given who is reviewed. */
export function ProfileReviews({
  profile,
  name,
  isOwner,
}: {
  profile: PublicProfile;
  name: string;
  isOwner: boolean;
}) {
  return (
    <ReviewsSection
      subject={{
        id: profile.id,
        name,
        roles: profile.roles.map(({ id, name }) => ({ id, name })),
        ratingQueryKey: profileQuery(profile.id).queryKey,
      }}
      isOwner={isOwner}
    />
  );
}

import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { ProfileAvailability } from '#client/features/bookings/components/profile-availability.tsx';
import type { PublicProfile } from '#common/schemas/profiles';
import { ProfileAbout } from './profile-about.tsx';
import { ProfileCredentials } from './profile-credentials.tsx';
import { ProfileExperience } from './profile-experience.tsx';
import { profileNameOf } from './profile-format.ts';
import { ProfilePortfolio } from './profile-portfolio.tsx';
import { ProfileReviews } from './profile-reviews.tsx';

export const PROFILE_TABS = [
  'about',
  'experience',
  'credentials',
  'portfolio',
  'availability',
  'reviews',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const TAB_LABELS: Record<ProfileTab, string> = {
  about: 'About',
  experience: 'Experience',
  credentials: 'Credentials',
  portfolio: 'Portfolio',
  availability: 'Availability',
  reviews: 'Reviews',
};

const isProfileTab = (value: string | null): value is ProfileTab =>
  (PROFILE_TABS as readonly string[]).includes(value ?? '');

/**
 * `?tab=` picks the tab; a link to one review (`?review=`, from a notification) opens the reviews tab.
 * Switching tabs rewrites `tab` in place (replace, so Back leaves the profile rather than stepping
 * through tabs) and leaves every other parameter, `review` included, as it was.
 */
export function useProfileTab(): [ProfileTab, (tab: ProfileTab) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ProfileTab = isProfileTab(requested) ? requested : params.has('review') ? 'reviews' : 'about';
  const setTab = (next: ProfileTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, setTab];
}

export function ProfileTabs({ profile, isOwner }: { profile: PublicProfile; isOwner: boolean }) {
  const [tab, setTab] = useProfileTab();
  const name = profileNameOf(profile);
  const list = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls sideways: keep the chosen tab (say from ?tab=reviews) in view.
  // The first tab is in view as the row starts; scrolling to it would only force a layout while the
  // page is hydrating.
  const scrolledOnce = useRef(false);
  useEffect(() => {
    if (!scrolledOnce.current && tab === PROFILE_TABS[0]) return;
    scrolledOnce.current = true;
    list.current
      ?.querySelector(`[data-tab="${tab}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  // Only crew (someone with a role) can be booked, so only they have a calendar to show.
  const isCrew = profile.roles.length > 0;
  const counts: Partial<Record<ProfileTab, number>> = {
    experience: profile.experiences.length,
    credentials: profile.credentials.length,
    portfolio: profile.portfolio.length,
    reviews: profile.rating.count,
  };
  return (
    <Tabs value={tab} onValueChange={(value) => isProfileTab(value) && setTab(value)}>
      <TabsList ref={list} aria-label="Profile sections" className="-mx-4 scroll-mt-20 px-4 sm:mx-0 sm:px-0">
        {PROFILE_TABS.filter((value) => value !== 'availability' || isCrew).map((value) => (
          <TabsTrigger key={value} value={value} data-tab={value}>
            {TAB_LABELS[value]}
            {counts[value] ? (
              <span className="hidden rounded-full bg-muted px-1.5 py-px text-xs tabular-nums text-muted-foreground sm:inline">
                {counts[value]}
              </span>
            ) : null}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="about">
        <ProfileAbout profile={profile} name={name} isOwner={isOwner} onShowTab={setTab} />
      </TabsContent>
      <TabsContent value="experience">
        <ProfileExperience experiences={profile.experiences} name={name} isOwner={isOwner} />
      </TabsContent>
      <TabsContent value="credentials">
        <ProfileCredentials credentials={profile.credentials} name={name} isOwner={isOwner} />
      </TabsContent>
      <TabsContent value="portfolio">
        <ProfilePortfolio items={profile.portfolio} name={name} isOwner={isOwner} />
      </TabsContent>
      {isCrew ? (
        <TabsContent value="availability">
          <ProfileAvailability crew={{ id: profile.id, name, roles: profile.roles }} isOwner={isOwner} />
        </TabsContent>
      ) : null}
      {/* Always mounted (hidden when another tab is open): a profile's HTML from the server carries its
          reviews for crawlers and link previews, whichever tab the address names (ADR 022). */}
      <TabsContent value="reviews" forceMount className="data-[state=inactive]:hidden">
        <ProfileReviews profile={profile} name={name} isOwner={isOwner} />
      </TabsContent>
    </Tabs>
  );
}

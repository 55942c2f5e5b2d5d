import { ArrowRight, FileText } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import type { PublicProfile } from '#common/schemas/profiles';
import { CredentialIcon } from './profile-credentials.tsx';
import { ProfileEmpty } from './profile-empty.tsx';
import { formatDateRange } from './profile-format.ts';

const CREDENTIALS_SHOWN = 3;

export function ProfileAbout({
  profile,
  name,
  isOwner,
  onShowTab,
}: {
  profile: PublicProfile;
  name: string;
  isOwner: boolean;
  onShowTab: (tab: 'experience' | 'credentials') => void;
}) {
  const latest = profile.experiences[0];
  const hasAside = profile.credentials.length > 0 || latest !== undefined;
  return (
    <div className={hasAside ? 'grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]' : 'max-w-3xl'}>
      <div className="flex min-w-0 flex-col gap-10">
        <section aria-labelledby="bio-heading">
          <h2 id="bio-heading" className="mb-3 text-lg font-semibold">
            About
          </h2>
          {profile.bio ? (
            <p className="max-w-prose whitespace-pre-line text-base leading-7 text-foreground/90">
              {profile.bio}
            </p>
          ) : (
            <ProfileEmpty
              icon={FileText}
              title="No bio yet"
              ownerAction={isOwner ? { label: 'Write your bio', to: '/profile/edit#basics' } : null}
            >
              {isOwner
                ? 'A few lines on what you do and the kind of productions you do it on.'
                : `${name} has not written a bio yet.`}
            </ProfileEmpty>
          )}
        </section>
        {profile.tags.length > 0 || isOwner ? (
          <section aria-labelledby="skills-heading">
            <h2 id="skills-heading" className="mb-3 text-lg font-semibold">
              Skills
            </h2>
            {profile.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-2">
                {profile.tags.map((tag) => (
                  <li
                    key={tag.id}
                    className="rounded-full border border-border bg-muted px-3 py-1 text-sm text-foreground/90"
                  >
                    {tag.tag}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                No skills listed yet. Add kit, formats and specialties on your edit page.
              </p>
            )}
          </section>
        ) : null}
      </div>
      {hasAside ? (
        <aside className="flex flex-col gap-6" aria-label="Highlights">
          {latest ? (
            <section
              aria-labelledby="top-credit-heading"
              className="rounded-2xl border border-border bg-card p-5"
            >
              <h2
                id="top-credit-heading"
                className="text-xs font-semibold uppercase tracking-wide text-muted-foreground"
              >
                Top credit
              </h2>
              <p className="mt-3 font-semibold leading-snug">{latest.title}</p>
              <p className="text-sm text-foreground/80">{latest.projectName}</p>
              {formatDateRange(latest.startDate, latest.endDate) ? (
                <p className="mt-1 text-sm tabular-nums text-muted-foreground">
                  {formatDateRange(latest.startDate, latest.endDate)}
                </p>
              ) : null}
              {profile.experiences.length > 1 ? (
                <SeeAll onClick={() => onShowTab('experience')}>
                  All {profile.experiences.length} credits
                </SeeAll>
              ) : null}
            </section>
          ) : null}
          {profile.credentials.length > 0 ? (
            <section
              aria-labelledby="credentials-summary-heading"
              className="rounded-2xl border border-border bg-card p-5"
            >
              <h2
                id="credentials-summary-heading"
                className="text-xs font-semibold uppercase tracking-wide text-muted-foreground"
              >
                Credentials
              </h2>
              <ul className="mt-3 flex flex-col gap-4">
                {profile.credentials.slice(0, CREDENTIALS_SHOWN).map((credential) => (
                  <li key={credential.id} className="flex gap-3">
                    <CredentialIcon small />
                    <div className="min-w-0">
                      <p className="text-sm font-medium leading-snug">{credential.title}</p>
                      <p className="text-sm text-muted-foreground">
                        {credential.institution}
                        {credential.year ? ` · ${credential.year}` : ''}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
              {profile.credentials.length > CREDENTIALS_SHOWN ? (
                <SeeAll onClick={() => onShowTab('credentials')}>
                  All {profile.credentials.length} credentials
                </SeeAll>
              ) : null}
            </section>
          ) : null}
        </aside>
      ) : null}
    </div>
  );
}

function SeeAll({ onClick, children }: { onClick: () => void; children: React.ReactNode }) {
  return (
    <Button variant="link" size="sm" className="mt-3 h-auto px-0" onClick={onClick}>
      {children}
      <ArrowRight aria-hidden="true" />
    </Button>
  );
}

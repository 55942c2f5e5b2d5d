import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorState } from '#client/components/state-message.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { useProfile } from '#client/features/profiles/api.ts';
import { EditBasics } from '#client/features/profiles/components/edit-basics.tsx';
import { EditCredentials } from '#client/features/profiles/components/edit-credentials.tsx';
import { EditExperience } from '#client/features/profiles/components/edit-experience.tsx';
import { EditPhoto } from '#client/features/profiles/components/edit-photo.tsx';
import { EditPortfolio } from '#client/features/profiles/components/edit-portfolio.tsx';
import { EditRoles } from '#client/features/profiles/components/edit-roles.tsx';
import { EditSection } from '#client/features/profiles/components/edit-section.tsx';
import { EditTags } from '#client/features/profiles/components/edit-tags.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { useScrollToHashOnArrival } from '#client/lib/use-scroll-to-hash.ts';
import type { PublicProfile } from '#common/schemas/profiles';

const SECTIONS = [
  { id: 'basics', label: 'Basics' },
  { id: 'photo', label: 'Photo' },
  { id: 'roles', label: 'Roles' },
  { id: 'experience', label: 'Experience' },
  { id: 'credentials', label: 'Credentials' },
  { id: 'tags', label: 'Tags' },
  { id: 'portfolio', label: 'Portfolio' },
] as const;

/** SPEC §2 /profile/edit (protected): everything the setup dialog sets, plus photo and portfolio. */
export default function ProfileEditPage() {
  useDocumentTitle('Edit profile');
  const user = useSignedInUser();
  const profile = useProfile(user.id);
  return (
    <div className="mx-auto max-w-layout px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Edit profile</h1>
          <p className="mt-2 text-muted-foreground">
            What you save here is what productions see on your public profile.
          </p>
        </div>
        <Link
          to={`/profile/${user.id}`}
          className={buttonVariants({ variant: 'outline', className: 'self-start sm:self-auto' })}
        >
          <Eye aria-hidden="true" />
          View public profile
        </Link>
      </div>
      <nav aria-label="Profile sections" className="-mx-4 mt-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex h-9 items-center whitespace-nowrap rounded-full border border-border bg-background px-4 text-sm font-medium text-foreground/80 hover:border-brand hover:text-foreground"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        {profile.isPending ? (
          <EditSkeleton />
        ) : profile.isError ? (
          <ErrorState message={profile.error.message} onRetry={() => profile.refetch()} />
        ) : (
          <EditSections profile={profile.data} />
        )}
      </div>
    </div>
  );
}

function EditSections({ profile }: { profile: PublicProfile }) {
  useScrollToHashOnArrival();
  return (
    <div className="flex flex-col gap-6">
      <EditSection
        id="basics"
        title="Basics"
        description="Your name, a short bio, where you are based and how to reach you."
      >
        <EditBasics profile={profile} />
      </EditSection>
      <EditSection id="photo" title="Photo" description="A headshot helps productions recognise you on set.">
        <EditPhoto profile={profile} />
      </EditSection>
      <EditSection
        id="roles"
        title="Roles"
        description="What you do on a production. Browse lists you under each role you pick."
      >
        <EditRoles profile={profile} />
      </EditSection>
      <EditSection
        id="experience"
        title="Experience"
        description="Productions you worked on. Use the arrows to choose the order on your profile."
      >
        <EditExperience profile={profile} />
      </EditSection>
      <EditSection
        id="credentials"
        title="Credentials"
        description="Education, union membership and certificates."
      >
        <EditCredentials profile={profile} />
      </EditSection>
      <EditSection id="tags" title="Tags" description="Skills, kit and specialties people search for.">
        <EditTags profile={profile} />
      </EditSection>
      <EditSection
        id="portfolio"
        title="Portfolio"
        description="Stills, reels and links. The first items show first on your profile."
      >
        <EditPortfolio profile={profile} />
      </EditSection>
    </div>
  );
}

function EditSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <span role="status" className="sr-only">
        Loading your profile...
      </span>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-64 rounded-2xl" />
      ))}
    </div>
  );
}

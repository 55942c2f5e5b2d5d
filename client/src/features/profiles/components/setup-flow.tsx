import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '#client/components/state-message.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import type { Credential, Experience, PublicProfile, Tag } from '#common/schemas/profiles';
import { profileQuery } from '../api.ts';
import { SetupBasicStep } from './setup-basic-step.tsx';
import { SetupCompleteStep } from './setup-complete-step.tsx';
import { SetupCredentialsStep } from './setup-credentials-step.tsx';
import { SetupExperienceStep } from './setup-experience-step.tsx';
import { SetupProgress } from './setup-parts.tsx';
import { SetupRolesStep } from './setup-roles-step.tsx';
import type { SetupStep } from './setup-steps.ts';
import { SetupTagsStep } from './setup-tags-step.tsx';

/** What the dialog knows of the profile: what the server holds, plus choices not saved yet. */
interface SetupDraft {
  basics: { displayName: string; bio: string; location: string; contactInfo: string };
  profileImage: string | null;
  fallbackName: string;
  savedRoleIds: number[];
  chosenRoleIds: number[];
  experiences: Experience[];
  credentials: Credential[];
  tags: Tag[];
  tagsText: string;
}

function draftFrom(profile: PublicProfile): SetupDraft {
  const roleIds = profile.roles.map((role) => role.id);
  return {
    basics: {
      displayName: profile.displayName ?? '',
      bio: profile.bio ?? '',
      location: profile.location ?? '',
      contactInfo: profile.contactInfo ?? '',
    },
    profileImage: profile.profileImage,
    fallbackName: profile.fallbackName,
    savedRoleIds: roleIds,
    chosenRoleIds: roleIds,
    experiences: profile.experiences,
    credentials: profile.credentials,
    tags: profile.tags,
    tagsText: '',
  };
}

/**
 * The steps of the setup dialog (a lazy chunk). It reads the profile once when the dialog opens, so
 * a returning member sees what they already have; from then on each step updates the draft with what
 * the server answered, and the profile query stays off (no refetch after every single save).
 */
export default function SetupFlow({
  userId,
  step,
  onStepChange,
  onClose,
}: {
  userId: number;
  step: SetupStep;
  onStepChange: (step: SetupStep) => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SetupDraft | null>(null);
  const profile = useQuery({ ...profileQuery(userId), enabled: draft === null });
  // Start from a fresh answer, not from a cached one that a refetch is about to replace.
  if (draft === null && profile.isSuccess && !profile.isFetching) setDraft(draftFrom(profile.data));

  if (!draft) {
    return profile.isError ? (
      <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
    ) : (
      <div className="flex flex-col gap-4" role="status" aria-label="Loading your profile">
        <Skeleton className="h-1.5" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-28" />
        <Skeleton className="h-10" />
      </div>
    );
  }

  // Functional updates: saves finish one by one, after renders that would make a captured draft stale.
  const update = (changes: Partial<SetupDraft>) =>
    setDraft((current) => current && { ...current, ...changes });

  return (
    <div className="flex flex-col gap-6">
      <SetupProgress step={step} />
      {step === 'basic' ? (
        <SetupBasicStep
          userId={userId}
          initial={draft.basics}
          fallbackName={draft.fallbackName}
          profileImage={draft.profileImage}
          onPhotoUploaded={(profileImage) => update({ profileImage })}
          onSaved={(basics) => {
            update({ basics });
            onStepChange('roles');
          }}
          onSkip={onClose}
        />
      ) : null}
      {step === 'roles' ? (
        <SetupRolesStep
          userId={userId}
          savedIds={draft.savedRoleIds}
          chosenIds={draft.chosenRoleIds}
          onChosenChange={(chosenRoleIds) => update({ chosenRoleIds })}
          onSavedChange={(savedRoleIds) => update({ savedRoleIds })}
          onBack={() => onStepChange('basic')}
          onNext={() => onStepChange('experience')}
        />
      ) : null}
      {step === 'experience' ? (
        <SetupExperienceStep
          userId={userId}
          entries={draft.experiences}
          onAdded={(entry) =>
            setDraft((current) => current && { ...current, experiences: [...current.experiences, entry] })
          }
          onBack={() => onStepChange('roles')}
          onNext={() => onStepChange('credentials')}
        />
      ) : null}
      {step === 'credentials' ? (
        <SetupCredentialsStep
          userId={userId}
          entries={draft.credentials}
          onAdded={(entry) =>
            setDraft((current) => current && { ...current, credentials: [...current.credentials, entry] })
          }
          onBack={() => onStepChange('experience')}
          onNext={() => onStepChange('tags')}
        />
      ) : null}
      {step === 'tags' ? (
        <SetupTagsStep
          userId={userId}
          saved={draft.tags}
          text={draft.tagsText}
          onTextChange={(tagsText) => update({ tagsText })}
          onSavedChange={(tags) => update({ tags })}
          onBack={() => onStepChange('credentials')}
          onFinished={() => {
            update({ tagsText: '' });
            onStepChange('complete');
          }}
        />
      ) : null}
      {step === 'complete' ? (
        <SetupCompleteStep
          summary={{
            roles: draft.savedRoleIds.length,
            experiences: draft.experiences.length,
            credentials: draft.credentials.length,
            tags: draft.tags.length,
          }}
          onDone={() => {
            onClose();
            toast({ title: 'Profile setup complete' });
            void navigate('/dashboard');
          }}
        />
      ) : null}
    </div>
  );
}

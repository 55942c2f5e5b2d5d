import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { LIMITS } from '#common/limits';
import { profileBasicsRequest } from '#common/schemas/profiles';
import { useUpdateBasics } from '../api.ts';
import { SetupStepLayout, toastSaveError } from './setup-parts.tsx';
import { SetupPhotoField } from './setup-photo-field.tsx';

interface Basics {
  displayName: string;
  bio: string;
  location: string;
  contactInfo: string;
}

/**
 * Step 1: bio, location and contact info (SPEC §2), saved with PATCH /api/users/{id}; and, so
 * people know who they are booking (issue 31), a display name and a photo (uploaded on choosing).
 */
export function SetupBasicStep({
  userId,
  initial,
  fallbackName,
  profileImage,
  onPhotoUploaded,
  onSaved,
  onSkip,
}: {
  userId: number;
  initial: Basics;
  /** What others see until a display name is set ("Sam O."). */
  fallbackName: string;
  profileImage: string | null;
  onPhotoUploaded: (profileImage: string) => void;
  onSaved: (basics: Basics) => void;
  onSkip: () => void;
}) {
  const update = useUpdateBasics(userId);
  const form = useForm({ resolver: zodResolver(profileBasicsRequest), defaultValues: initial });
  const { errors } = form.formState;
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';

  const submit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => onSaved(form.getValues() as Basics),
      onError: () => toastSaveError('profile'),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <SetupStepLayout
        heading="Introduce yourself"
        intro="A few lines about your work, where you are based and how productions can reach you."
        footer={
          <>
            <Button type="button" variant="ghost" onClick={onSkip}>
              Skip for now
            </Button>
            <Button type="submit" variant="brand" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save & continue'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <SetupPhotoField userId={userId} profileImage={profileImage} onUploaded={onPhotoUploaded} />
          <TextField
            label="Display name"
            autoComplete="name"
            placeholder="Your name as productions know it"
            hint={`Until you set one, others see you as “${fallbackName}”.`}
            error={errors.displayName?.message}
            {...form.register('displayName')}
          />
          <TextareaField
            label="Bio"
            rows={5}
            placeholder="What you do, the kind of productions you work on, and what you are known for on set."
            maxLength={LIMITS.bioMax}
            length={bio.length}
            error={errors.bio?.message}
            {...form.register('bio')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Location"
              placeholder="City, region or country"
              autoComplete="address-level2"
              error={errors.location?.message}
              {...form.register('location')}
            />
            <TextField
              label="Contact info"
              placeholder="Email, phone or your agent"
              error={errors.contactInfo?.message}
              {...form.register('contactInfo')}
            />
          </div>
        </div>
      </SetupStepLayout>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { LIMITS } from '#common/limits';
import { type PublicProfile, profileBasicsRequest } from '#common/schemas/profiles';
import { useUpdateBasics } from '../api.ts';
import { showFieldErrors, toastFailure, toastSuccess } from './edit-feedback.ts';
import { UnsavedChangesGuard } from './unsaved-changes.tsx';

const FIELDS = ['displayName', 'bio', 'location', 'contactInfo'] as const;

const valuesOf = (profile: PublicProfile) => ({
  displayName: profile.displayName ?? '',
  bio: profile.bio ?? '',
  location: profile.location ?? '',
  contactInfo: profile.contactInfo ?? '',
});

/** Name, bio, location and contact: SPEC §5 rules and messages inline, a warning before leaving unsaved. */
export function EditBasics({ profile }: { profile: PublicProfile }) {
  const update = useUpdateBasics(profile.id);
  const form = useForm({ resolver: zodResolver(profileBasicsRequest), defaultValues: valuesOf(profile) });
  const { errors, isDirty } = form.formState;
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';

  const submit = form.handleSubmit((body) => {
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toastSuccess('Profile updated', 'Your changes are live on your profile.');
      },
      onError: (error) => {
        showFieldErrors(error, form.setError, FIELDS);
        toastFailure('profile');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-5">
      <TextField
        label="Display name"
        autoComplete="name"
        hint={`How productions see you. Until you set one, they see “${profile.fallbackName}”.`}
        error={errors.displayName?.message}
        {...form.register('displayName')}
      />
      <TextareaField
        label="Bio"
        rows={6}
        maxLength={LIMITS.bioMax}
        length={bio.length}
        hint="What you do, on what kind of productions, and what you bring to a set."
        error={errors.bio?.message}
        {...form.register('bio')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Location"
          autoComplete="address-level2"
          placeholder="e.g. Atlanta, GA"
          error={errors.location?.message}
          {...form.register('location')}
        />
        <TextField
          label="Contact info"
          placeholder="Email, phone or website"
          hint="Visible to everyone who opens your profile."
          error={errors.contactInfo?.message}
          {...form.register('contactInfo')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
        {isDirty && !update.isPending ? (
          <Button type="button" variant="ghost" onClick={() => form.reset()}>
            Discard changes
          </Button>
        ) : null}
        {isDirty ? <p className="text-sm text-muted-foreground">You have unsaved changes.</p> : null}
      </div>
      <UnsavedChangesGuard when={isDirty} what="your basics" />
    </form>
  );
}

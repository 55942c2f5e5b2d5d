import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError, TextField } from '#client/components/ui/form-field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { LIMITS } from '#common/limits';
import {
  CONTACT_VISIBILITIES,
  CONTACT_VISIBILITY_LABELS,
  type ContactVisibility,
  DEFAULT_CONTACT_VISIBILITY,
  type PublicProfile,
  profileBasicsRequest,
} from '#common/schemas/profiles';
import { useUpdateBasics } from '../api.ts';
import { showFieldErrors, toastFailure, toastSuccess } from './edit-feedback.ts';
import { UnsavedChangesGuard } from './unsaved-changes.tsx';

const FIELDS = ['displayName', 'bio', 'location', 'contactInfo', 'contactVisibility'] as const;

/** What each choice means, under the select (ADR 027). */
const VISIBILITY_HINTS: Record<ContactVisibility, string> = {
  public: 'Anyone who opens your profile sees them, search engines too.',
  members: 'Only members signed in to CrewBase see them.',
  connections: 'Only members you are connected with see them.',
};

const valuesOf = (profile: PublicProfile) => ({
  displayName: profile.displayName ?? '',
  bio: profile.bio ?? '',
  location: profile.location ?? '',
  contactInfo: profile.contactInfo ?? '',
  contactVisibility: profile.contactVisibility ?? DEFAULT_CONTACT_VISIBILITY,
});

/** Name, bio, location and contact: SPEC §5 rules and messages inline, a warning before leaving unsaved. */
export function EditBasics({ profile }: { profile: PublicProfile }) {
  const update = useUpdateBasics(profile.id);
  const form = useForm({ resolver: zodResolver(profileBasicsRequest), defaultValues: valuesOf(profile) });
  const { errors, isDirty } = form.formState;
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  const visibility =
    useWatch({ control: form.control, name: 'contactVisibility' }) ?? DEFAULT_CONTACT_VISIBILITY;
  const visibilityId = useId();

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
          error={errors.contactInfo?.message}
          {...form.register('contactInfo')}
        />
        <div className="flex flex-col gap-2 sm:col-start-2">
          <Label htmlFor={visibilityId}>Who can see your contact details</Label>
          <select
            id={visibilityId}
            aria-invalid={errors.contactVisibility ? true : undefined}
            aria-describedby={`${visibilityId}-hint`}
            className="h-10 rounded-lg border border-border bg-background px-3 text-sm shadow-sm focus:border-ring"
            {...form.register('contactVisibility')}
          >
            {CONTACT_VISIBILITIES.map((choice) => (
              <option key={choice} value={choice}>
                {CONTACT_VISIBILITY_LABELS[choice]}
              </option>
            ))}
          </select>
          <p id={`${visibilityId}-hint`} className="text-xs text-muted-foreground">
            {VISIBILITY_HINTS[visibility]}
          </p>
          <FieldError message={errors.contactVisibility?.message} />
        </div>
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

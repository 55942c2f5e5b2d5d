import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { LIMITS } from '#common/limits';
import { type Credential, credentialRequest } from '#common/schemas/profiles';
import { useAddCredential } from '../api.ts';
import { SavedEntry, SetupStepLayout, toastSaveError } from './setup-parts.tsx';

const EMPTY = { title: '', institution: '', year: '', description: '' };

/**
 * Step 4: training, memberships, awards, any number of them. Year is a number and may stay empty
 * (SPEC §5); like the experience step, Next saves an entry that was typed in but not added.
 */
export function SetupCredentialsStep({
  userId,
  entries,
  onAdded,
  onBack,
  onNext,
}: {
  userId: number;
  entries: Credential[];
  onAdded: (entry: Credential) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const add = useAddCredential(userId);
  const form = useForm({ resolver: zodResolver(credentialRequest), defaultValues: EMPTY });
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  const save = (then?: () => void) =>
    form.handleSubmit((values) => {
      add.mutate(values, {
        onSuccess: (created) => {
          onAdded(created);
          form.reset(EMPTY);
          toast({ title: 'Credential added', description: `${created.title}, ${created.institution}` });
          if (then) then();
          else form.setFocus('title');
        },
        onError: () => toastSaveError('credential'),
      });
    });

  const next = () => {
    const typed = Object.values(form.getValues()).some((value) => typeof value === 'string' && value.trim());
    if (typed) void save(onNext)();
    else onNext();
  };

  return (
    <SetupStepLayout
      heading="Training and credentials"
      intro="Film school, union membership, certifications and awards: whatever vouches for your work."
      footer={
        <>
          <Button type="button" variant="outline" onClick={onBack} disabled={add.isPending}>
            Back
          </Button>
          <Button type="button" variant="brand" onClick={next} disabled={add.isPending}>
            Next
          </Button>
        </>
      }
    >
      {entries.length > 0 ? (
        <ul aria-label="Your credentials" className="flex flex-col gap-2">
          {entries.map((entry) => (
            <SavedEntry
              key={entry.id}
              title={entry.title}
              detail={entry.institution}
              meta={entry.year ? String(entry.year) : null}
            />
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={save()}
        noValidate
        aria-label="Add credential"
        className="flex flex-col gap-4 rounded-xl border border-border p-4 sm:p-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Title"
            placeholder="e.g. MFA Cinematography"
            error={errors.title?.message}
            {...form.register('title')}
          />
          <TextField
            label="Institution"
            placeholder="e.g. AFI Conservatory"
            error={errors.institution?.message}
            {...form.register('institution')}
          />
          <TextField
            label="Year"
            type="number"
            inputMode="numeric"
            placeholder="e.g. 2019"
            className="sm:max-w-40"
            error={errors.year?.message}
            {...form.register('year')}
          />
        </div>
        <TextareaField
          label="Description"
          rows={3}
          placeholder="Optional: what it covered, or what it was awarded for."
          maxLength={LIMITS.credentialDescriptionMax}
          length={description.length}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Button type="submit" variant="outline" className="self-start" disabled={add.isPending}>
          <Plus aria-hidden="true" />
          {add.isPending ? 'Adding...' : 'Add credential'}
        </Button>
      </form>
    </SetupStepLayout>
  );
}

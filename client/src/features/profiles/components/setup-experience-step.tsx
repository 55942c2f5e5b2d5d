import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { LIMITS } from '#common/limits';
import { type Experience, experienceRequest } from '#common/schemas/profiles';
import { useAddExperience } from '../api.ts';
import { formatDateRange } from './profile-format.ts';
import { SavedEntry, SetupStepLayout, toastSaveError } from './setup-parts.tsx';

const EMPTY = { title: '', projectName: '', startDate: '', endDate: '', description: '' };

/**
 * Step 3: any number of productions. Each Add saves one (POST …/experiences) and lists it; Next also
 * saves an entry that was typed in but not added yet, so nothing typed is silently dropped.
 */
export function SetupExperienceStep({
  userId,
  entries,
  onAdded,
  onBack,
  onNext,
}: {
  userId: number;
  entries: Experience[];
  onAdded: (entry: Experience) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const add = useAddExperience(userId);
  const form = useForm({ resolver: zodResolver(experienceRequest), defaultValues: EMPTY });
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  const save = (then?: () => void) =>
    form.handleSubmit((values) => {
      add.mutate(values, {
        onSuccess: (created) => {
          onAdded(created);
          form.reset(EMPTY);
          toast({ title: 'Experience added', description: `${created.title} on ${created.projectName}` });
          if (then) then();
          else form.setFocus('title');
        },
        onError: () => toastSaveError('experience'),
      });
    });

  const next = () => {
    const typed = Object.values(form.getValues()).some((value) => typeof value === 'string' && value.trim());
    if (typed) void save(onNext)();
    else onNext();
  };

  return (
    <SetupStepLayout
      heading="Where have you worked?"
      intro="Add the productions you have worked on, as many as you like. You can add more later."
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
        <ul aria-label="Your experience" className="flex flex-col gap-2">
          {entries.map((entry) => (
            <SavedEntry
              key={entry.id}
              title={entry.title}
              detail={entry.projectName}
              meta={formatDateRange(entry.startDate, entry.endDate)}
            />
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={save()}
        noValidate
        aria-label="Add experience"
        className="flex flex-col gap-4 rounded-xl border border-border p-4 sm:p-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Title"
            placeholder="e.g. Gaffer"
            error={errors.title?.message}
            {...form.register('title')}
          />
          <TextField
            label="Project name"
            placeholder="e.g. The Long Night"
            error={errors.projectName?.message}
            {...form.register('projectName')}
          />
          <TextField
            label="Start date"
            type="date"
            error={errors.startDate?.message}
            {...form.register('startDate')}
          />
          <TextField
            label="End date"
            type="date"
            error={errors.endDate?.message}
            {...form.register('endDate')}
          />
        </div>
        <TextareaField
          label="Description"
          rows={3}
          placeholder="What you did: the unit, the kit, the scale of the job."
          maxLength={LIMITS.experienceDescriptionMax}
          length={description.length}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Button type="submit" variant="outline" className="self-start" disabled={add.isPending}>
          <Plus aria-hidden="true" />
          {add.isPending ? 'Adding...' : 'Add experience'}
        </Button>
      </form>
    </SetupStepLayout>
  );
}

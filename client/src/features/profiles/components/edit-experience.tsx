import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { LIMITS } from '#common/limits';
import { type Experience, experienceRequest, type PublicProfile } from '#common/schemas/profiles';
import { useAddExperience, useDeleteExperience, useEditExperience, useReorderExperiences } from '../api.ts';
import { saveCallbacks } from './edit-feedback.ts';
import { DeleteItemDialog, EditListItem } from './edit-list.tsx';
import { formatDateRange } from './profile-format.ts';
import { useOptimisticReorder } from './use-reorder.ts';

const FIELDS = ['title', 'projectName', 'startDate', 'endDate', 'description'] as const;

type Editing = { mode: 'add' } | { mode: 'edit'; item: Experience } | null;

export function EditExperience({ profile }: { profile: PublicProfile }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Experience | null>(null);
  const remove = useDeleteExperience(profile.id);
  const { move, announcement } = useOptimisticReorder(
    profile.id,
    'experiences',
    useReorderExperiences(profile.id),
  );
  const items = profile.experiences;

  return (
    <div className="flex flex-col gap-5">
      {items.length > 0 ? (
        <ul aria-label="Your experience" className="divide-y divide-border">
          {items.map((item, index) => (
            <EditListItem
              key={item.id}
              label={`${item.title}, ${item.projectName}`}
              index={index}
              count={items.length}
              onMove={(delta) => move(index, delta)}
              onEdit={() => setEditing({ mode: 'edit', item })}
              onDelete={() => setDeleting(item)}
            >
              <p className="truncate font-medium">{item.title}</p>
              <p className="truncate text-sm text-foreground/80">{item.projectName}</p>
              {formatDateRange(item.startDate, item.endDate) ? (
                <p className="text-sm tabular-nums text-muted-foreground">
                  {formatDateRange(item.startDate, item.endDate)}
                </p>
              ) : null}
            </EditListItem>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          No experience yet. Start with your most recent production.
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Button variant="outline" className="self-start" onClick={() => setEditing({ mode: 'add' })}>
        <Plus aria-hidden="true" />
        Add experience
      </Button>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit experience' : 'Add experience'}
        description="A production you worked on: your job on it, its name and when."
        className="max-w-lg"
      >
        {editing ? (
          <ExperienceForm
            userId={profile.id}
            item={editing.mode === 'edit' ? editing.item : null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <DeleteItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this experience?"
        describe={(experience) =>
          `“${experience.title}” on ${experience.projectName} will be removed from your profile.`
        }
        remove={remove}
        deletedTitle="Experience deleted"
        failure="deleteExperience"
      />
    </div>
  );
}

function ExperienceForm({
  userId,
  item,
  onDone,
}: {
  userId: number;
  item: Experience | null;
  onDone: () => void;
}) {
  const add = useAddExperience(userId);
  const edit = useEditExperience(userId);
  const saving = add.isPending || edit.isPending;
  const form = useForm({
    resolver: zodResolver(experienceRequest),
    defaultValues: {
      title: item?.title ?? '',
      projectName: item?.projectName ?? '',
      startDate: item?.startDate ?? '',
      endDate: item?.endDate ?? '',
      description: item?.description ?? '',
    },
  });
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  const submit = form.handleSubmit((body) => {
    const callbacks = saveCallbacks({
      success: item ? 'Experience updated' : 'Experience added',
      failure: item ? 'editExperience' : 'addExperience',
      setError: form.setError,
      fields: FIELDS,
      onDone,
    });
    if (item) edit.mutate({ id: item.id, ...body }, callbacks);
    else add.mutate(body, callbacks);
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Title"
        placeholder="e.g. 1st AC, Gaffer, Editor"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label="Project name"
        placeholder="The film, series or commercial"
        error={errors.projectName?.message}
        {...form.register('projectName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Start date"
          type="date"
          error={errors.startDate?.message}
          {...form.register('startDate')}
        />
        <TextField
          label="End date"
          type="date"
          hint="Leave empty if you are still on it."
          error={errors.endDate?.message}
          {...form.register('endDate')}
        />
      </div>
      <TextareaField
        label="Description"
        rows={4}
        maxLength={LIMITS.experienceDescriptionMax}
        length={description.length}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : item ? 'Save experience' : 'Add experience'}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { LIMITS } from '#common/limits';
import { type Credential, credentialRequest, type PublicProfile } from '#common/schemas/profiles';
import { useAddCredential, useDeleteCredential, useEditCredential } from '../api.ts';
import { saveCallbacks } from './edit-feedback.ts';
import { DeleteItemDialog, EditListItem } from './edit-list.tsx';

const FIELDS = ['title', 'institution', 'year', 'description'] as const;

type Editing = { mode: 'add' } | { mode: 'edit'; item: Credential } | null;

/** Degrees, certificates and union cards; the server lists them newest year first. */
export function EditCredentials({ profile }: { profile: PublicProfile }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Credential | null>(null);
  const remove = useDeleteCredential(profile.id);
  const items = profile.credentials;

  return (
    <div className="flex flex-col gap-5">
      {items.length > 0 ? (
        <ul aria-label="Your credentials" className="divide-y divide-border">
          {items.map((item, index) => (
            <EditListItem
              key={item.id}
              label={item.title}
              index={index}
              count={items.length}
              onEdit={() => setEditing({ mode: 'edit', item })}
              onDelete={() => setDeleting(item)}
            >
              <p className="truncate font-medium">{item.title}</p>
              <p className="truncate text-sm text-muted-foreground">
                {item.institution}
                {item.year ? ` · ${item.year}` : ''}
              </p>
            </EditListItem>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          No credentials yet. Film school, union membership, safety or rigging certificates all count.
        </p>
      )}
      <Button variant="outline" className="self-start" onClick={() => setEditing({ mode: 'add' })}>
        <Plus aria-hidden="true" />
        Add credential
      </Button>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit credential' : 'Add credential'}
        description="A qualification, membership or certificate, and who granted it."
        className="max-w-lg"
      >
        {editing ? (
          <CredentialForm
            userId={profile.id}
            item={editing.mode === 'edit' ? editing.item : null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <DeleteItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this credential?"
        describe={(credential) => `“${credential.title}” will be removed from your profile.`}
        remove={remove}
        deletedTitle="Credential deleted"
        failure="deleteCredential"
      />
    </div>
  );
}

function CredentialForm({
  userId,
  item,
  onDone,
}: {
  userId: number;
  item: Credential | null;
  onDone: () => void;
}) {
  const add = useAddCredential(userId);
  const edit = useEditCredential(userId);
  const saving = add.isPending || edit.isPending;
  const form = useForm({
    resolver: zodResolver(credentialRequest),
    defaultValues: {
      title: item?.title ?? '',
      institution: item?.institution ?? '',
      // SPEC §5: an empty year becomes undefined (the schema does it).
      year: item?.year ? String(item.year) : '',
      description: item?.description ?? '',
    },
  });
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  const submit = form.handleSubmit((body) => {
    const callbacks = saveCallbacks({
      success: item ? 'Credential updated' : 'Credential added',
      failure: item ? 'editCredential' : 'addCredential',
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
        placeholder="e.g. MFA Cinematography, IATSE Local 600"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField
          label="Institution"
          placeholder="School, union or body"
          error={errors.institution?.message}
          {...form.register('institution')}
        />
        <TextField
          label="Year"
          inputMode="numeric"
          placeholder="2019"
          error={errors.year?.message}
          {...form.register('year')}
        />
      </div>
      <TextareaField
        label="Description"
        rows={3}
        maxLength={LIMITS.credentialDescriptionMax}
        length={description.length}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : item ? 'Save credential' : 'Add credential'}
        </Button>
      </div>
    </form>
  );
}

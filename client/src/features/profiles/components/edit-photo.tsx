import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '#client/components/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { FieldError } from '#client/components/ui/form-field.tsx';
import type { PublicProfile } from '#common/schemas/profiles';
import { useRemoveAvatar, useUploadAvatar } from '../api.ts';
import { plainMessageOf, toastFailure, toastSuccess } from './edit-feedback.ts';
import { IMAGE_ACCEPT, imageProblem, useObjectUrl } from './image-file.ts';

/** Profile photo: choose, preview, then save; or go back to the default headshot. */
export function EditPhoto({ profile }: { profile: PublicProfile }) {
  const upload = useUploadAvatar(profile.id);
  const remove = useRemoveAvatar(profile.id);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const preview = useObjectUrl(file);
  const id = useId();
  const saveButton = useRef<HTMLButtonElement>(null);
  // The file input gives way to Save and Cancel: keep the keyboard user's place.
  useEffect(() => {
    if (file) saveButton.current?.focus();
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = imageProblem(chosen);
    setError(problem);
    setFile(problem ? null : chosen);
  };
  // The file input is mounted again (empty) when the choice is cleared.
  const clearChoice = () => setFile(null);
  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        clearChoice();
        toastSuccess('Photo updated', 'Your new photo is on your profile.');
      },
      onError: (failure) => {
        const reason = plainMessageOf(failure);
        setError(reason ?? 'The photo could not be saved. Please try again.');
        if (!reason) toastFailure('profile');
      },
    });
  };

  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-8">
      {preview ? (
        <img
          src={preview}
          alt="Your new headshot, not saved yet"
          width={112}
          height={112}
          className="size-28 shrink-0 rounded-full bg-muted object-cover ring-4 ring-accent"
        />
      ) : (
        <Avatar user={profile} size={112} />
      )}
      <div className="flex flex-col gap-3">
        {file ? (
          <div className="flex flex-wrap gap-2">
            <Button ref={saveButton} onClick={save} disabled={upload.isPending}>
              {upload.isPending ? 'Uploading...' : 'Save photo'}
            </Button>
            <Button variant="outline" onClick={clearChoice} disabled={upload.isPending}>
              Cancel
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {/* The label is the visible button; the file input is visually hidden but keeps the focus. */}
            <input
              id={id}
              type="file"
              accept={IMAGE_ACCEPT}
              className="peer sr-only"
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <label
              htmlFor={id}
              className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-border bg-background px-4 text-sm font-medium hover:bg-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
            >
              <ImageUp aria-hidden="true" className="size-4" />
              {profile.profileImage ? 'Change photo' : 'Upload photo'}
            </label>
            {profile.profileImage ? (
              <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
                <Trash2 aria-hidden="true" />
                Remove photo
              </Button>
            ) : null}
          </div>
        )}
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {file
            ? `${file.name}: this is how it will look. Save to use it.`
            : 'A clear headshot works best. JPEG, PNG, WebP or GIF, up to 5 MB.'}
        </p>
        <FieldError id={`${id}-error`} message={error ?? undefined} />
      </div>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove your photo?"
        description="Your profile will show a default headshot until you upload a new photo."
        confirmLabel="Remove photo"
        pendingLabel="Removing..."
        pending={remove.isPending}
        destructive
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmRemove(false);
              toastSuccess('Photo removed');
            },
            onError: () => {
              setConfirmRemove(false);
              toastFailure('profile');
            },
          })
        }
      />
    </div>
  );
}

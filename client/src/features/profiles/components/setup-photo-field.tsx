import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Avatar } from '#client/components/avatar.tsx';
import { FieldError } from '#client/components/ui/form-field.tsx';
import { useUploadAvatar } from '../api.ts';
import { plainMessageOf } from './edit-feedback.ts';
import { IMAGE_ACCEPT, imageProblem, useObjectUrl } from './image-file.ts';

/**
 * The setup dialog's photo (issue 31): chosen and uploaded at once through the avatar API, so
 * "Skip for now" after choosing one still keeps it. The edit page's EditPhoto adds removal.
 */
export function SetupPhotoField({
  userId,
  profileImage,
  onUploaded,
}: {
  userId: number;
  profileImage: string | null;
  onUploaded: (profileImage: string) => void;
}) {
  const upload = useUploadAvatar(userId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const id = useId();

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = imageProblem(chosen);
    setError(problem);
    if (problem) return;
    setFile(chosen);
    upload.mutate(chosen, {
      onSuccess: (saved) => onUploaded(saved.profileImage),
      onError: (failure) => {
        setFile(null);
        setError(plainMessageOf(failure) ?? 'The photo could not be saved. Please try again.');
      },
    });
  };

  return (
    <div className="flex items-center gap-4">
      {preview ? (
        <img
          src={preview}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-full bg-muted object-cover"
        />
      ) : (
        <Avatar user={{ id: userId, profileImage }} size={64} />
      )}
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="text-sm font-medium">Photo</span>
        <div>
          {/* The label is the visible button; the file input is visually hidden but keeps the focus. */}
          <input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            className="peer sr-only"
            disabled={upload.isPending}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <label
            htmlFor={id}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-border bg-background px-4 text-sm font-medium hover:bg-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {upload.isPending ? 'Uploading...' : profileImage || file ? 'Change photo' : 'Upload photo'}
          </label>
        </div>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {upload.isSuccess ? 'Photo saved.' : 'A clear headshot helps productions recognise you.'}
        </p>
        <FieldError id={`${id}-error`} message={error ?? undefined} />
      </div>
    </div>
  );
}

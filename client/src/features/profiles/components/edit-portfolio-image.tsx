import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError, TextField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { portfolioUpdateRequest } from '#common/schemas/profiles';
import { useAddPortfolioItem } from '../api.ts';
import { plainMessageOf, showFieldErrors, toastFailure, toastSuccess } from './edit-feedback.ts';
import { IMAGE_ACCEPT, imageProblem, useObjectUrl } from './image-file.ts';

/** Title first, then the file, checked and previewed before it is sent. */
export function PortfolioImageForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const add = useAddPortfolioItem(userId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const fileId = useId();
  const form = useForm({
    resolver: zodResolver(portfolioUpdateRequest),
    defaultValues: { title: '', description: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ title, description }) => {
    if (!file) {
      setFileError('Choose an image to upload');
      return;
    }
    add.mutate(
      { title, file, ...(description ? { description } : {}) },
      {
        onSuccess: (item) => {
          toastSuccess('Image added', item.title);
          onDone();
        },
        onError: (error) => {
          if (showFieldErrors(error, form.setError, ['title', 'description'])) return;
          const reason = plainMessageOf(error);
          if (reason) setFileError(reason);
          else toastFailure('portfolio');
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Title"
        placeholder="e.g. Night exterior, Harbour Lights"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label="Description (optional)"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={fileId}>Image file</Label>
        <Input
          id={fileId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const problem = chosen ? imageProblem(chosen) : null;
            setFileError(problem);
            setFile(problem ? null : chosen);
          }}
        />
        <FieldError id={`${fileId}-error`} message={fileError ?? undefined} />
        {preview ? (
          <img
            src={preview}
            alt={`Preview of ${file?.name ?? 'the chosen file'}`}
            className="mt-1 max-h-56 w-full rounded-lg border border-border bg-muted object-contain"
          />
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Uploading...' : 'Add to portfolio'}
        </Button>
      </div>
    </form>
  );
}

import { X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { LIMITS } from '#common/limits';
import { type PublicProfile, parseTags } from '#common/schemas/profiles';
import { useAddTags, useDeleteTag } from '../api.ts';
import { toastFailure, toastSuccess } from './edit-feedback.ts';

/** The problem with a batch of new tags, checked before sending: length and the per-profile cap. */
function tagsProblem(tags: string[], existing: number): string | null {
  const long = tags.find((tag) => tag.length > LIMITS.tagMax);
  if (long) return `Each tag must be at most ${LIMITS.tagMax} characters (“${long.slice(0, 20)}…” is longer)`;
  if (existing + tags.length > LIMITS.tagsPerProfile)
    return `A profile can have at most ${LIMITS.tagsPerProfile} tags; you have room for ${Math.max(0, LIMITS.tagsPerProfile - existing)} more`;
  return null;
}

/** Skills and kit as free text (SPEC §5: comma-separated, trimmed, empties dropped). */
export function EditTags({ profile }: { profile: PublicProfile }) {
  const add = useAddTags(profile.id);
  const remove = useDeleteTag(profile.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<number | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const known = new Set(profile.tags.map((tag) => tag.tag.toLowerCase()));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tags = parseTags(text).filter((tag) => !known.has(tag.toLowerCase()));
    if (tags.length === 0) {
      setError(parseTags(text).length > 0 ? 'You already have those tags' : 'Type at least one tag');
      return;
    }
    const problem = tagsProblem(tags, profile.tags.length);
    setError(problem);
    if (problem) return;
    add.mutate(tags, {
      onSuccess: () => {
        setText('');
        toastSuccess('Tags added', tags.join(', '));
      },
      onError: () => toastFailure('tags'),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={id}>Add tags</Label>
        <div className="flex gap-2">
          <Input
            ref={input}
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="ARRI Alexa, Steadicam, Night exteriors"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <Button type="submit" variant="outline" disabled={add.isPending} className="shrink-0">
            {add.isPending ? 'Adding...' : 'Add'}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Separate tags with commas. {profile.tags.length}/{LIMITS.tagsPerProfile} used.
        </p>
        <FieldError id={`${id}-error`} message={error ?? undefined} />
      </form>
      {profile.tags.length > 0 ? (
        <ul aria-label="Your tags" className="flex flex-wrap gap-2">
          {profile.tags.map((tag) => (
            <li
              key={tag.id}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-1 pl-3 pr-1 text-sm"
            >
              {tag.tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag.tag}`}
                aria-busy={removingId === tag.id || undefined}
                className="rounded-full p-1 text-muted-foreground hover:bg-background hover:text-foreground aria-busy:opacity-50"
                onClick={() => {
                  if (removingId !== null) return;
                  setRemovingId(tag.id);
                  remove.mutate(tag.id, {
                    onError: () => toastFailure('removeTag'),
                    onSettled: () => {
                      setRemovingId(null);
                      // The chip (and its focused button) is gone: continue from the input.
                      input.current?.focus();
                    },
                  });
                }}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

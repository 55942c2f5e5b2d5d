import { Check } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { saveOneByOne } from '#client/lib/one-by-one.ts';
import { LIMITS } from '#common/limits';
import { parseTags, type Tag, tagRequest } from '#common/schemas/profiles';
import { useAddTags } from '../api.ts';
import { SetupStepLayout, toastSaveError } from './setup-parts.tsx';

/** The first rule a tag breaks (too long, or too many in all), worded as the server would. */
function tagProblem(newTags: string[], savedCount: number): string | undefined {
  for (const tag of newTags) {
    const parsed = tagRequest.safeParse({ tag });
    if (!parsed.success) return parsed.error.issues[0]?.message;
  }
  if (savedCount + newTags.length > LIMITS.tagsPerProfile)
    return `A profile can have at most ${LIMITS.tagsPerProfile} tags`;
  return undefined;
}

const chipClass = 'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium';

/**
 * Step 5: skills and kit as comma-separated tags (SPEC §5: trimmed, empty ones dropped), previewed
 * as chips while typing. Finish Setup saves the new ones, one call per tag (SPEC §7).
 */
export function SetupTagsStep({
  userId,
  saved,
  text,
  onTextChange,
  onSavedChange,
  onBack,
  onFinished,
}: {
  userId: number;
  saved: Tag[];
  text: string;
  onTextChange: (text: string) => void;
  onSavedChange: (tags: Tag[]) => void;
  onBack: () => void;
  onFinished: () => void;
}) {
  const addTags = useAddTags(userId);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const known = new Set(saved.map((tag) => tag.tag.toLowerCase()));
  const newTags = parseTags(text).filter((tag) => !known.has(tag.toLowerCase()));

  const finish = async () => {
    const problem = tagProblem(newTags, saved.length);
    setError(problem);
    if (problem) return;
    let all = saved;
    setSaving(true);
    try {
      await saveOneByOne(newTags, async (tag) => {
        const [created] = await addTags.mutateAsync([tag]);
        if (created) all = [...all, created];
      });
      onSavedChange(all);
      onFinished();
    } catch {
      onSavedChange(all);
      onTextChange(
        newTags.filter((tag) => !all.some((t) => t.tag.toLowerCase() === tag.toLowerCase())).join(', '),
      );
      toastSaveError('tags');
    } finally {
      setSaving(false);
    }
  };

  return (
    <SetupStepLayout
      heading="Skills and kit"
      intro="Tags help productions find you: equipment you own or run, specialties, languages."
      footer={
        <>
          <Button type="button" variant="outline" onClick={onBack} disabled={saving}>
            Back
          </Button>
          <Button type="button" variant="brand" onClick={() => void finish()} disabled={saving}>
            {saving ? 'Saving...' : 'Finish Setup'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void finish();
        }}
      >
        <TextField
          label="Tags"
          placeholder="e.g. ARRI Alexa, Steadicam, night exteriors, Spanish"
          hint="Separate tags with commas."
          autoComplete="off"
          value={text}
          error={error}
          onChange={(event) => {
            onTextChange(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </form>
      {newTags.length > 0 || saved.length > 0 ? (
        <div className="flex flex-col gap-3">
          {newTags.length > 0 ? (
            <div className="flex flex-col gap-2">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">New tags</p>
              <ul aria-label="New tags" className="flex flex-wrap gap-2">
                {newTags.map((tag) => (
                  <li
                    key={tag}
                    className={`${chipClass} border border-brand bg-accent text-accent-foreground`}
                  >
                    {tag}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {saved.length > 0 ? (
            <div className="flex flex-col gap-2">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                On your profile
              </p>
              <ul aria-label="Tags on your profile" className="flex flex-wrap gap-2">
                {saved.map((tag) => (
                  <li key={tag.id} className={`${chipClass} border border-border bg-muted text-foreground`}>
                    <Check aria-hidden="true" className="size-3.5 text-muted-foreground" />
                    {tag.tag}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </SetupStepLayout>
  );
}

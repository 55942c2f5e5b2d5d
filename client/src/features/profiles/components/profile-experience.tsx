import { Briefcase } from 'lucide-react';
import type { Experience } from '#common/schemas/profiles';
import { ProfileEmpty } from './profile-empty.tsx';
import { formatDateRange } from './profile-format.ts';

/** Credits in the order the server gives them: newest first, or as the owner arranged them. */
export function ProfileExperience({
  experiences,
  name,
  isOwner,
}: {
  experiences: Experience[];
  name: string;
  isOwner: boolean;
}) {
  return (
    <section aria-labelledby="experience-heading">
      <h2 id="experience-heading" className="sr-only">
        Experience
      </h2>
      {experiences.length === 0 ? (
        <ProfileEmpty
          icon={Briefcase}
          title="No experience listed yet"
          ownerAction={isOwner ? { label: 'Add experience', to: '/profile/edit#experience' } : null}
        >
          {isOwner
            ? 'List the productions you have worked on, newest first.'
            : `${name} has not listed any productions yet.`}
        </ProfileEmpty>
      ) : (
        <ol className="relative flex max-w-3xl flex-col">
          {experiences.map((item, index) => (
            <ExperienceEntry key={item.id} item={item} last={index === experiences.length - 1} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ExperienceEntry({ item, last }: { item: Experience; last: boolean }) {
  const dates = formatDateRange(item.startDate, item.endDate);
  const current = Boolean(item.startDate && !item.endDate);
  return (
    <li className="relative grid grid-cols-[1.5rem_1fr] gap-x-4 pb-8 last:pb-0">
      {last ? null : (
        <span aria-hidden="true" className="absolute left-[0.6875rem] top-6 bottom-0 w-px bg-border" />
      )}
      <span
        aria-hidden="true"
        className={
          current
            ? 'mt-1.5 size-3.5 justify-self-center rounded-full bg-brand ring-4 ring-accent'
            : 'mt-1.5 size-3.5 justify-self-center rounded-full border-2 border-slate-300 bg-background dark:border-slate-600'
        }
      />
      <div className="min-w-0">
        <h3 className="font-semibold leading-snug">{item.title}</h3>
        <p className="mt-0.5 text-foreground/80">{item.projectName}</p>
        {dates ? <p className="mt-1 text-sm tabular-nums text-muted-foreground">{dates}</p> : null}
        {item.description ? (
          <p className="mt-3 max-w-prose whitespace-pre-line text-sm leading-6 text-muted-foreground">
            {item.description}
          </p>
        ) : null}
      </div>
    </li>
  );
}

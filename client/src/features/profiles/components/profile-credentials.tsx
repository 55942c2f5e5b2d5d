import { Award } from 'lucide-react';
import type { Credential } from '#common/schemas/profiles';
import { ProfileEmpty } from './profile-empty.tsx';

export function ProfileCredentials({
  credentials,
  name,
  isOwner,
}: {
  credentials: Credential[];
  name: string;
  isOwner: boolean;
}) {
  return (
    <section aria-labelledby="credentials-heading">
      <h2 id="credentials-heading" className="sr-only">
        Credentials
      </h2>
      {credentials.length === 0 ? (
        <ProfileEmpty
          icon={Award}
          title="No credentials listed yet"
          ownerAction={isOwner ? { label: 'Add a credential', to: '/profile/edit#credentials' } : null}
        >
          {isOwner
            ? 'Add film school degrees, union cards, safety and rigging certificates.'
            : `${name} has not listed any credentials yet.`}
        </ProfileEmpty>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {credentials.map((credential) => (
            <li key={credential.id} className="flex gap-4 rounded-2xl border border-border bg-card p-5">
              <CredentialIcon />
              <div className="min-w-0">
                <h3 className="font-semibold leading-snug">{credential.title}</h3>
                <p className="mt-0.5 text-sm text-foreground/80">
                  {credential.institution}
                  {credential.year ? (
                    <span className="text-muted-foreground"> · {credential.year}</span>
                  ) : null}
                </p>
                {credential.description ? (
                  <p className="mt-2 text-sm leading-6 text-muted-foreground">{credential.description}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CredentialIcon({ small = false }: { small?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={
        small
          ? 'flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground'
          : 'flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground'
      }
    >
      <Award className={small ? 'size-4' : 'size-5'} />
    </span>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError, FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { ApiError } from '#client/lib/http.ts';
import {
  CONTACT_LIMITS,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  type ContactRequest,
  contactRequest,
} from '#common/schemas/site';
import { useSendContactMessage } from '../api.ts';

const FIELDS = ['name', 'email', 'topic', 'message'] as const;

/** Sends a message to the team's inbox; the same zod rules check it here and on the server. */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactRequest>({
    resolver: zodResolver(contactRequest),
    defaultValues: { name: '', email: '', topic: 'general', message: '' },
  });
  const { errors } = form.formState;
  const message = form.watch('message');

  if (send.isSuccess) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-xl border border-border bg-card p-6">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <p role="status" className="font-medium">
          {send.data.message}
        </p>
        <Button
          variant="outline"
          onClick={() => {
            form.reset();
            send.reset();
          }}
        >
          Write another message
        </Button>
      </div>
    );
  }

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        const placed = FIELDS.filter((name) => fields[name]);
        for (const name of placed) form.setError(name, { type: 'server', message: fields[name] });
        if (placed.length === 0) {
          const text = error instanceof ApiError ? error.plainMessage : 'An unexpected error occurred.';
          form.setError('root.server', { type: 'server', message: text });
        }
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Contact form">
      <FormAlert message={errors.root?.server?.message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Your name"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          hint="We answer to this address."
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="contact-topic">Topic</Label>
        <select
          id="contact-topic"
          aria-invalid={errors.topic ? true : undefined}
          className="h-10 rounded-lg border border-border bg-background px-3 text-sm shadow-sm focus:border-ring"
          {...form.register('topic')}
        >
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {CONTACT_TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
        <FieldError message={errors.topic?.message} />
      </div>
      <TextareaField
        label="Message"
        rows={7}
        maxLength={CONTACT_LIMITS.messageMax}
        length={message.length}
        error={errors.message?.message}
        hint="Include your username if it is about your account, never your password."
        {...form.register('message')}
      />
      <Button type="submit" className="self-start" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}

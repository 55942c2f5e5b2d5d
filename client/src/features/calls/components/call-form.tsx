import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError, FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { showServerError } from '#client/features/auth/server-errors.ts';
import { groupByCategory, useRoles } from '#client/features/roles/api.ts';
import { cn } from '#client/lib/cn.ts';
import { LIMITS } from '#common/limits';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import {
  CALL_CURRENCIES,
  CALL_LIMITS,
  type Call,
  type CreateCallRequest,
  type CreateCallValues,
  createCallRequest,
} from '#common/schemas/calls';
import { centsFromInput, inputFromCents } from '../call-format.ts';

type FormIn = {
  title: string;
  roleId: number | string;
  location: string;
  startDate: string;
  endDate: string;
  rateMin: number | null;
  rateMax: number | null;
  currency: (typeof CALL_CURRENCIES)[number];
  rateUnit: 'day' | 'week' | 'flat';
  description: string;
  applyBy: string;
};

const FIELDS = [
  'title',
  'roleId',
  'location',
  'startDate',
  'endDate',
  'rateMin',
  'rateMax',
  'currency',
  'rateUnit',
  'description',
  'applyBy',
] as const;

const selectClass =
  'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground shadow-sm focus:border-ring aria-[invalid=true]:border-red-500 dark:aria-[invalid=true]:border-red-400';

const valuesOf = (call: Call | null): FormIn =>
  call
    ? {
        title: call.title,
        roleId: call.role.id,
        location: call.location,
        startDate: call.startDate,
        endDate: call.endDate,
        rateMin: call.rateMin,
        rateMax: call.rateMax,
        currency: call.currency as FormIn['currency'],
        rateUnit: call.rateUnit,
        description: call.description,
        applyBy: call.applyBy,
      }
    : {
        title: '',
        roleId: '',
        location: '',
        startDate: '',
        endDate: '',
        rateMin: null,
        rateMax: null,
        currency: 'usd',
        rateUnit: 'day',
        description: '',
        applyBy: '',
      };

/**
 * A call's form, new or edited. Its rules are the API's own (createCallRequest), so every message
 * under a field is the one the server would give; a 400 the server still finds is put under its
 * field too. Rates are typed in whole currency ("450") and sent in cents, as the API keeps them.
 */
export function CallForm({
  call,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  call: Call | null;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: CreateCallRequest, showError: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const form = useForm<FormIn, unknown, CreateCallValues>({
    resolver: zodResolver(createCallRequest) as never,
    defaultValues: valuesOf(call),
  });
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const submit = form.handleSubmit((values) =>
    onSubmit(values, (error) => showServerError(error, form.setError, FIELDS)),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <TextField
        label="Title"
        placeholder="e.g. Gaffer for a 3-day indie feature shoot"
        maxLength={CALL_LIMITS.titleMax}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="roleId"
          render={({ field }) => (
            <RoleSelect
              error={errors.roleId?.message}
              name={field.name}
              ref={field.ref}
              value={String(field.value ?? '')}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            />
          )}
        />
        <TextField
          label="Place"
          placeholder="City or region, e.g. Atlanta, GA"
          maxLength={LIMITS.locationMax}
          error={errors.location?.message}
          {...form.register('location')}
        />
      </div>
      <fieldset className="grid gap-6 sm:grid-cols-3">
        <legend className="mb-3 text-sm font-semibold">Dates</legend>
        <TextField
          label="First day"
          type="date"
          error={errors.startDate?.message}
          {...form.register('startDate')}
        />
        <TextField
          label="Last day"
          type="date"
          error={errors.endDate?.message}
          {...form.register('endDate')}
        />
        <TextField
          label="Applications close"
          type="date"
          hint="On or before the first day."
          error={errors.applyBy?.message}
          {...form.register('applyBy')}
        />
      </fieldset>
      <fieldset className="grid gap-6 sm:grid-cols-4">
        <legend className="mb-3 text-sm font-semibold">Rate (optional)</legend>
        <Controller
          control={form.control}
          name="rateMin"
          render={({ field }) => (
            <RateInput
              label="From"
              cents={field.value}
              onCents={field.onChange}
              onBlur={field.onBlur}
              error={errors.rateMin?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="rateMax"
          render={({ field }) => (
            <RateInput
              label="To"
              cents={field.value}
              onCents={field.onChange}
              onBlur={field.onBlur}
              error={errors.rateMax?.message}
            />
          )}
        />
        <Picker label="Currency" error={errors.currency?.message} {...form.register('currency')}>
          {CALL_CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency.toUpperCase()}
            </option>
          ))}
        </Picker>
        <Picker label="Per" error={errors.rateUnit?.message} {...form.register('rateUnit')}>
          <option value="day">Day</option>
          <option value="week">Week</option>
          <option value="flat">Flat fee</option>
        </Picker>
      </fieldset>
      <TextareaField
        label="Description"
        rows={8}
        placeholder="The production, the work, the hours, kit, and anything applicants should say in their note."
        maxLength={CALL_LIMITS.descriptionMax}
        length={description.length}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <FormAlert message={errors.root?.server?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="brand" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Picker({
  label,
  error,
  children,
  className,
  ...props
}: ComponentProps<'select'> & { label: string; error?: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={selectClass}
        {...props}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function RoleSelect(props: ComponentProps<'select'> & { error?: string | undefined }) {
  const roles = useRoles();
  return (
    <Picker label="Role" {...props}>
      <option value="">{roles.isPending ? 'Loading roles…' : 'Choose a role'}</option>
      {groupByCategory(roles.data ?? []).map((group) => (
        <optgroup key={group.category} label={ROLE_CATEGORY_LABELS[group.category]}>
          {group.roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </optgroup>
      ))}
    </Picker>
  );
}

/** An amount in whole currency, kept as typed, handed to the form in cents. */
function RateInput({
  label,
  cents,
  onCents,
  onBlur,
  error,
}: {
  label: string;
  cents: number | null;
  onCents: (cents: number | null) => void;
  onBlur: () => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState(() => inputFromCents(cents));
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="text"
        inputMode="decimal"
        placeholder="e.g. 450"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onCents(centsFromInput(event.target.value));
        }}
        onBlur={onBlur}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

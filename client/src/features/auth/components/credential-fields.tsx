import type { ComponentProps } from 'react';
import { TextField } from '#client/components/ui/form-field.tsx';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete'>;

/** The password again, which every change to how the account signs in asks for. */
export function CurrentPasswordField(props: FieldProps) {
  return <TextField label="Current password" type="password" autoComplete="current-password" {...props} />;
}

/** A 6-digit code from the authenticator app (the server drops any spaces in it). */
export function AuthCodeField(props: FieldProps) {
  return (
    <TextField label="Authentication code" inputMode="numeric" autoComplete="one-time-code" {...props} />
  );
}

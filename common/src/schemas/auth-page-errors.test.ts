import { describe, expect, it } from 'vitest';
import { AUTH_PAGE_ERRORS, authPageErrorOf, authPageErrorText } from './auth-page-errors.ts';

describe('/auth?error= codes', () => {
  it.each(Object.entries(AUTH_PAGE_ERRORS))('shows %s as its own text', (code, text) => {
    expect(authPageErrorText(code)).toBe(text);
    expect(authPageErrorOf(text)).toBe(code);
  });

  it('keeps the text SPEC gives an unconfigured provider', () => {
    expect(authPageErrorText('google_not_configured')).toBe(
      'Google sign-in is not configured on this server',
    );
  });

  it.each([
    null,
    '',
    'Google sign-in is not configured on this server',
    '<script>alert(1)</script>',
    'Your account is locked. Call +1 555 0100 to unlock it.',
    'toString',
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'GOOGLE_NOT_CONFIGURED',
    'Cancelled',
  ])('shows nothing for %o, which is not one of its codes', (value) => {
    expect(authPageErrorText(value)).toBeNull();
  });

  it('names no code for a refusal it has no text for', () => {
    expect(authPageErrorOf('Something went wrong at the provider')).toBeNull();
  });
});

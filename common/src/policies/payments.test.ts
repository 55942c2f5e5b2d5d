import { describe, expect, it } from 'vitest';
import type { UserRole } from '../schemas/auth.ts';
import { canReadPayment } from './payments.ts';

const PAYER = 1;
const PAYEE = 2;

describe('reading a payment and its invoice (who × kind of payment)', () => {
  it.each<[string, number, UserRole, number | null, boolean]>([
    ['the payer of a booking', PAYER, 'user', PAYEE, true],
    ['the crew member paid', PAYEE, 'user', PAYEE, true],
    ['someone else', 3, 'user', PAYEE, false],
    ['a moderator', 3, 'moderator', PAYEE, false],
    ['an admin', 3, 'admin', PAYEE, false],
    ['the payer of a subscription', PAYER, 'user', null, true],
    ['someone else, a subscription', 3, 'user', null, false],
  ])('%s', (_, id, role, payeeId, expected) => {
    // The role is in the table to show it changes nothing.
    const viewer = { id, role };
    expect(canReadPayment(viewer, { userId: PAYER, payeeId })).toBe(expected);
  });
});

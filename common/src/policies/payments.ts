import type { UserRole } from '../schemas/auth.ts';
import { isAdmin } from './staff.ts';

/** A payment (and its invoice) is read by who paid, who was paid, and an admin. */
export const canReadPayment = (
  viewer: { id: number; role: UserRole },
  payment: { userId: number; payeeId: number | null },
) => payment.userId === viewer.id || payment.payeeId === viewer.id || isAdmin(viewer);

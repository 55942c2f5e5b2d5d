/**
 * A payment (and its invoice) is read by who paid and who was paid. Staff have no power here
 * (issue 29): every staff power goes through the guarded, audited /api/admin routes.
 */
export const canReadPayment = (viewer: { id: number }, payment: { userId: number; payeeId: number | null }) =>
  payment.userId === viewer.id || payment.payeeId === viewer.id;

/**
 * A policy's answer: allowed, or refused with the reason. The reason is kept so that each caller
 * answers a refusal as it always has (a 404 where the thing must stay unknown, a 409 where its
 * state is wrong); the client only asks `ok`.
 */
export type Decision<Reason extends string> = { ok: true } | { ok: false; reason: Reason };

export const allow = { ok: true } as const;

export const refuse = <Reason extends string>(reason: Reason): { ok: false; reason: Reason } => ({
  ok: false,
  reason,
});

import { z } from 'zod';
import { crewCardSchema } from './crew.ts';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

/** Connections and blocks (issue 17). Requesting needs Premium; answering is free. */
export const CONNECTION_STATUSES = ['none', 'pending_out', 'pending_in', 'connected', 'blocked'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

const userId = z.coerce
  .number({ error: 'Not a valid member id' })
  .int('Not a valid member id')
  .positive('Not a valid member id')
  .max(MAX_ID, 'Not a valid member id');

export const userIdParams = z.object({ userId });
export const connectionRequest = z.object({ userId });
/** SPEC §7: POST /api/connections/{accept|decline} with requesterId and notificationId. */
export const connectionAnswer = z.object({
  requesterId: userId,
  notificationId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

export const connectionStatusResponse = z.object({ status: z.enum(CONNECTION_STATUSES) });

export const connectionSchema = z.object({
  person: crewCardSchema,
  /** ISO 8601: when the request was accepted, or sent (pending). */
  since: text(),
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionListResponse = z.object({ connections: z.array(connectionSchema) });
export const connectionRequestsResponse = z.object({
  incoming: z.array(connectionSchema),
  outgoing: z.array(connectionSchema),
});
export type ConnectionRequests = z.infer<typeof connectionRequestsResponse>;

export const CONNECTION_MESSAGES = {
  notFound: 'Member not found',
  self: 'You cannot connect with yourself',
  noRequest: 'There is no connection request from this member',
  notConnected: 'You are not connected with this member',
} as const;

/** A request declined less than LIMITS.connectionDeclineDays ago: `until` is the day it may be asked again. */
export const declinedRecentlyMessage = (until: Date) =>
  `They declined your request recently: you can ask again after ${until.toISOString().slice(0, 10)}`;

import { z } from 'zod';
import { text } from './text.ts';

/**
 * Moderation of crew calls (issue 36, ADR 038): a member reports a call (POST /api/calls/:id/report,
 * `reportCallRequest` in calls.ts: the reasons and limits of a review report); staff see the reports
 * beside the review reports, and hide a call (or show it again), each action audited.
 */

export const CALL_REPORT_MESSAGES = {
  reportOwn: 'You cannot report your own call',
  alreadyReported: 'You have already reported this call',
  reportNotFound: 'Report not found',
  reportResolved: 'This report has already been resolved.',
  callNotFound: 'Call not found',
} as const;

/** POST /api/calls/{id}/report → 201 */
export const callReportResponse = z.object({
  callId: z.number().int(),
  reportedAt: text(),
});
export type CallReportResponse = z.infer<typeof callReportResponse>;

const person = z.object({
  id: z.number().int(),
  username: text(),
  displayName: text().nullable(),
  fallbackName: text(),
});

/** GET /api/admin/call-reports: one entry per reported call, however many reported it. */
export const callReportItem = z.object({
  /** The oldest report of the group: the id the resolve call takes. */
  id: z.number().int(),
  kind: z.literal('call'),
  call: z.object({
    id: z.number().int(),
    title: text(),
    description: text(),
    location: text(),
    createdAt: text(),
    hidden: z.boolean(),
    owner: person,
  }),
  reporters: z.array(person.extend({ reason: text(), reportedAt: text() })),
  resolution: z.enum(['hide', 'dismiss']).nullable(),
  resolvedAt: text().nullable(),
});
export type CallReportItem = z.infer<typeof callReportItem>;
export const callReportListResponse = z.object({ reports: z.array(callReportItem) });
export type CallReportListResponse = z.infer<typeof callReportListResponse>;

import { z } from 'zod';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

/** Teams (issue 18): a production, the positions it needs, and the crew invited to them. */
const day = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

export const createTeamRequest = z
  .object({
    name: text({ error: 'Name the production' })
      .trim()
      .min(2, 'Name must be at least 2 characters')
      .max(120, 'Name must be at most 120 characters'),
    description: text().max(2000, 'Description must be at most 2,000 characters').default(''),
    location: text().max(100, 'Location must be less than 100 characters').nullable().default(null),
    startDate: day.nullable().default(null),
    endDate: day.nullable().default(null),
  })
  .refine((t) => !t.startDate || !t.endDate || t.endDate >= t.startDate, {
    path: ['endDate'],
    message: 'The last day must not be before the first',
  });
export const updateTeamRequest = z.object({
  name: text().trim().min(2, 'Name must be at least 2 characters').max(120).optional(),
  description: text().max(2000).optional(),
  location: text().max(100).nullable().optional(),
  startDate: day.nullable().optional(),
  endDate: day.nullable().optional(),
  status: z.enum(['open', 'closed']).optional(),
});
export const positionRequest = z.object({
  roleId: z.coerce
    .number({ error: 'Choose a role' })
    .int()
    .positive('Choose a role')
    .max(MAX_ID, 'Choose a role'),
  count: z.coerce.number().int().min(1, 'At least 1').max(100, 'At most 100').default(1),
});
export const inviteRequest = z.object({
  userId: z.coerce
    .number({ error: 'Choose who to invite' })
    .int()
    .positive('Choose who to invite')
    .max(MAX_ID, 'Choose who to invite'),
  positionId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
/** SPEC §7: POST /api/team-invites/{teamId}/{accept|decline} with the notification's id. */
export const teamInviteAnswer = z.object({
  notificationId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export const teamParams = z.object({
  id: z.coerce
    .number({ error: 'Not a valid team id' })
    .int()
    .positive('Not a valid team id')
    .max(MAX_ID, 'Not a valid team id'),
});

const person = z.object({
  id: z.number().int(),
  username: text(),
  displayName: text().nullable(),
  /** Shown until a display name is set ("Sam O."): personName() in common/src/people.ts. */
  fallbackName: text(),
  profileImage: text().nullable(),
});
export const teamMemberSchema = z.object({
  person,
  positionId: z.number().int().nullable(),
  status: z.enum(['invited', 'accepted', 'declined']),
});
export const teamSchema = z.object({
  id: z.number().int(),
  owner: person,
  name: text(),
  description: text(),
  location: text().nullable(),
  startDate: text().nullable(),
  endDate: text().nullable(),
  status: z.enum(['open', 'closed']),
  positions: z.array(
    z.object({
      id: z.number().int(),
      role: z.object({ id: z.number().int(), name: text() }),
      count: z.number().int(),
      filled: z.number().int(),
    }),
  ),
  members: z.array(teamMemberSchema),
  /** What the asker is to this team. */
  myRole: z.enum(['owner', 'member', 'invited']),
});
export type Team = z.infer<typeof teamSchema>;
export const teamListResponse = z.object({
  teams: z.array(
    teamSchema.pick({
      id: true,
      name: true,
      location: true,
      startDate: true,
      endDate: true,
      status: true,
      myRole: true,
    }),
  ),
});

export const TEAM_MESSAGES = {
  notFound: 'Team not found',
  closed: 'This team is closed',
  noInvite: 'There is no invitation to this team',
  self: 'You own this team',
  positionNotFound: 'Position not found',
  memberNotFound: 'Member not found',
  unblockFirst: 'You have blocked this member: unblock them to invite them',
  ownerCannotLeave: 'You own this team: close it instead of leaving',
  notAMember: 'You are not on this team: decline the invitation instead',
} as const;

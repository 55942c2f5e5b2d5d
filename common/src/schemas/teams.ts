import { z } from 'zod';

/** Teams (issue 18): a production, the positions it needs, and the crew invited to them. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');
const noNul = (text: string) => !text.includes('\u0000');

export const createTeamRequest = z
  .object({
    name: z
      .string({ error: 'Name the production' })
      .trim()
      .min(2, 'Name must be at least 2 characters')
      .max(120, 'Name must be at most 120 characters')
      .refine(noNul, 'Text cannot contain NUL characters'),
    description: z
      .string()
      .max(2000, 'Description must be at most 2,000 characters')
      .refine(noNul, 'Text cannot contain NUL characters')
      .default(''),
    location: z
      .string()
      .max(100, 'Location must be less than 100 characters')
      .refine(noNul, 'Text cannot contain NUL characters')
      .nullable()
      .default(null),
    startDate: day.nullable().default(null),
    endDate: day.nullable().default(null),
  })
  .refine((t) => !t.startDate || !t.endDate || t.endDate >= t.startDate, {
    path: ['endDate'],
    message: 'The last day must not be before the first',
  });
export const updateTeamRequest = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120).refine(noNul).optional(),
  description: z.string().max(2000).refine(noNul).optional(),
  location: z.string().max(100).refine(noNul).nullable().optional(),
  startDate: day.nullable().optional(),
  endDate: day.nullable().optional(),
  status: z.enum(['open', 'closed']).optional(),
});
export const positionRequest = z.object({
  roleId: z.coerce.number({ error: 'Choose a role' }).int().positive('Choose a role'),
  count: z.coerce.number().int().min(1, 'At least 1').max(100, 'At most 100').default(1),
});
export const inviteRequest = z.object({
  userId: z.coerce.number({ error: 'Choose who to invite' }).int().positive('Choose who to invite'),
  positionId: z.coerce.number().int().positive().optional(),
});
/** SPEC §7: POST /api/team-invites/{teamId}/{accept|decline} with the notification's id. */
export const teamInviteAnswer = z.object({ notificationId: z.coerce.number().int().positive().optional() });
export const teamParams = z.object({
  id: z.coerce
    .number({ error: 'Not a valid team id' })
    .int()
    .positive('Not a valid team id')
    .max(2_147_483_647, 'Not a valid team id'),
});

const person = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profileImage: z.string().nullable(),
});
export const teamMemberSchema = z.object({
  person,
  positionId: z.number().int().nullable(),
  status: z.enum(['invited', 'accepted', 'declined']),
});
export const teamSchema = z.object({
  id: z.number().int(),
  owner: person,
  name: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  positions: z.array(
    z.object({
      id: z.number().int(),
      role: z.object({ id: z.number().int(), name: z.string() }),
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
} as const;

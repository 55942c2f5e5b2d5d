import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { availabilityFields, availabilitySchema, checkAvailability } from './availability.ts';
import { MAX_ID } from './ids.ts';
import { roleSchema } from './roles.ts';
import { text } from './text.ts';

export const crewCardSchema = z.object({
  id: z.number().int(),
  username: text(),
  displayName: text().nullable(),
  /** Shown until a display name is set ("Sam O."): personName() in common/src/people.ts. */
  fallbackName: text(),
  location: text().nullable(),
  profileImage: text().nullable(),
  roles: z.array(roleSchema.pick({ id: true, name: true, category: true })),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  /** Only when the listing was asked for dates (issue 35). */
  availability: availabilitySchema.optional(),
});
export type CrewCard = z.infer<typeof crewCardSchema>;

export const browseCrewQuery = z
  .object({
    role: z.coerce
      .number({ error: 'Choose a role' })
      .int()
      .positive('Choose a role')
      .max(MAX_ID, 'Choose a role'),
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(LIMITS.browsePageSizeMax, `Limit must be at most ${LIMITS.browsePageSizeMax}`)
      .default(LIMITS.browsePageSize),
    ...availabilityFields,
  })
  .superRefine(checkAvailability);
export type BrowseCrewQuery = z.infer<typeof browseCrewQuery>;

export const browseCrewResponse = z.object({
  role: roleSchema,
  crew: z.array(crewCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Pages that can be opened: the listing is paged through its best LIMITS.searchMaxResults. */
  pageCount: z.number().int(),
});
export type BrowseCrewResponse = z.infer<typeof browseCrewResponse>;

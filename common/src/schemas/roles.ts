import { z } from 'zod';
import { ROLE_CATEGORIES } from '../roles.ts';
import { text } from './text.ts';

export const roleCategorySchema = z.enum(ROLE_CATEGORIES);

export const roleSchema = z.object({
  id: z.number().int(),
  name: text(),
  category: roleCategorySchema,
  icon: text(),
  /** Present only for roles that have one (common/src/roles.ts). */
  department: text().optional(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListResponse = z.array(roleSchema);

export const roleCrewCountsResponse = z.object({
  counts: z.record(text(), z.number().int()),
});
export type RoleCrewCounts = z.infer<typeof roleCrewCountsResponse>;

import { z } from 'zod';
import { ROLE_CATEGORIES } from '../roles.ts';

export const roleCategorySchema = z.enum(ROLE_CATEGORIES);

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: roleCategorySchema,
  icon: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListResponse = z.array(roleSchema);

export const roleCrewCountsResponse = z.object({
  counts: z.record(z.string(), z.number().int()),
});
export type RoleCrewCounts = z.infer<typeof roleCrewCountsResponse>;

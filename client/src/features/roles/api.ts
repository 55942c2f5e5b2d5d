import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROLE_CATEGORIES, type RoleCategory } from '#common/roles';
import type { Role, RoleCrewCounts } from '#common/schemas/roles';

export const rolesQuery = queryOptions<Role[]>({ queryKey: ['/api/roles'], staleTime: 60 * 60_000 });
export const crewCountsQuery = queryOptions<RoleCrewCounts>({ queryKey: ['/api/roles/crew-counts'] });

export function useRoles() {
  return useQuery(rolesQuery);
}

export function useCrewCounts() {
  return useQuery(crewCountsQuery);
}

export function groupByCategory(roles: Role[]): { category: RoleCategory; roles: Role[] }[] {
  return ROLE_CATEGORIES.map((category) => ({
    category,
    roles: roles.filter((r) => r.category === category),
  }));
}

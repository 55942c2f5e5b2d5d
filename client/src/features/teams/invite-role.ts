import type { Team } from '#common/schemas/teams';

type Position = Pick<Team['positions'][number], 'role'>;
type Roles = readonly { id: number }[];

/**
 * A position for a role the person does not list (issue 31): inviting them to it is asked about
 * first, since it is more often a slip of the picker than a choice. "Any position" never is.
 */
export const roleMismatch = (position: Position | undefined, roles: Roles) =>
  position !== undefined && !roles.some((role) => role.id === position.role.id);

/** The question asked, the same in the team builder and in the "Invite to team" picker. */
export const mismatchText = (name: string, position: Position) =>
  `${name} does not list ${position.role.name} among their roles. Invite them as ${position.role.name} anyway?`;

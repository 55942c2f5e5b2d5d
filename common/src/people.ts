/** A person's name as others see it: the display name when they set one, else the username. */
export const personName = (person: { displayName: string | null; username: string }) =>
  person.displayName?.trim() || person.username;

/**
 * SPEC §2: the six steps of the profile setup dialog, in order. Their own module: the dialog in the
 * shell and the steps in its lazy chunk both read them.
 */
export const SETUP_STEPS = ['basic', 'roles', 'experience', 'credentials', 'tags', 'complete'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_LABELS: Record<SetupStep, string> = {
  basic: 'Basics',
  roles: 'Roles',
  experience: 'Experience',
  credentials: 'Credentials',
  tags: 'Skills',
  complete: 'Done',
};

/** Business constants of SPEC §9, shared by client and server. */
export const LIMITS = {
  usernameMin: 3,
  passwordMin: 6,
  bioMax: 500,
  locationMax: 100,
  contactInfoMax: 100,
  experienceDescriptionMax: 500,
  credentialDescriptionMax: 200,
  rememberMeDays: 30,
  notificationDropdownSize: 8,
  unreadBadgeCap: 99,
  browsePageSize: 24,
  browsePageSizeMax: 60,
} as const;

/** Cache lifetime SPEC §9 gives the roles and top-rated answers. */
export const PUBLIC_CACHE_MAX_AGE_SECONDS = 300;

/** Default headshots: SPEC §2 picks `(id % 15) + 1` when a user has no profile image. */
export const DEFAULT_HEADSHOT_COUNT = 15;

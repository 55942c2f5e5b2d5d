/** Business constants of SPEC §9, shared by client and server. */
export const LIMITS = {
  usernameMin: 3,
  /** The longest date range search and browse take (issue 35). */
  availabilityDays: 90,
  usernameMax: 30,
  passwordMin: 6,
  bioMax: 500,
  locationMax: 100,
  contactInfoMax: 100,
  displayNameMax: 80,
  tagMax: 40,
  tagsPerProfile: 30,
  portfolioItemsMax: 40,
  uploadMaxBytes: 5 * 1024 * 1024,
  /** Largest image decoded, in megapixels (width × height): a small file can hold a huge image. */
  uploadMaxMegapixels: 50,
  experienceDescriptionMax: 500,
  credentialDescriptionMax: 200,
  rememberMeDays: 30,
  notificationDropdownSize: 8,
  unreadBadgeCap: 99,
  browsePageSize: 24,
  browsePageSizeMax: 60,
  searchPageSize: 20,
  searchPageSizeMax: 50,
  /** Longest search text accepted; longer is refused with a message, never cut silently. */
  searchTextMax: 200,
  searchRolesMax: 10,
  /** Sorted listings can be paged through this many results. */
  searchMaxResults: 1000,
  /** Relevance is bounded: this many matches are ranked and can be paged through. */
  searchRankedMax: 200,
  /** Matches are counted exactly up to here; beyond, the total is PostgreSQL's estimate. */
  searchExactCountMax: 200,
  /** The word being typed matches at most this many index words it begins (most frequent first). */
  searchCompletionsMax: 16,
  /** …chosen by frequency from this many of the shortest. */
  searchCompletionsRead: 128,
  topRatedDefault: 12,
  topRatedMax: 50,
  reviewRatingMin: 1,
  reviewRatingMax: 5,
  reviewTextMin: 10,
  reviewTextMax: 2000,
  reviewProjectNameMax: 120,
  reportReasonMin: 5,
  reportReasonMax: 500,
  /** Reviews one person may write in any 24 hours. */
  reviewsPerDay: 10,
  /** An account must be this old before it can review: sock puppets made for one review wait a day. */
  reviewMinAccountAgeHours: 24,
  /** What anyone sees of a person's reviews without Premium: the newest this many. */
  reviewsFreeVisible: 3,
  reviewsPageSize: 10,
  /** Longest direct message, in characters. */
  messageMax: 5000,
  /** Messages one member may send in any minute. */
  messagesPerMinute: 30,
  reviewsPageSizeMax: 50,
  /** A declined connection request can be neither withdrawn nor sent again for this many days. */
  connectionDeclineDays: 30,
} as const;

/** SPEC §9 client request limits: per path, for writes, for GET queries, and overall. */
export const CLIENT_RATE_LIMITS = {
  perPath: { max: 3, windowMs: 1000 },
  mutating: { max: 2, windowMs: 1000 },
  query: { max: 5, windowMs: 1000 },
  global: { max: 10, windowMs: 2000 },
} as const;

/** SPEC §9 retry policy of the request layer. */
export const RETRY_POLICY = {
  readAttempts: 3,
  writeAttempts: 2,
  baseDelayMs: 1000,
  factor: 2,
  maxDelayMs: 10_000,
  maxJitterMs: 1000,
} as const;

export const CSRF = {
  lifetimeMs: 15 * 60_000,
  anonymousLifetimeMs: 5 * 60_000,
  refreshBeforeMs: 2 * 60_000,
} as const;

export const REQUEST_TIMEOUT_MS = 10_000;

/** Page size of GET /api/notifications when no limit is given, and the largest limit accepted. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 50;

/** Cache lifetime SPEC §9 gives the roles and top-rated answers. */
export const PUBLIC_CACHE_MAX_AGE_SECONDS = 300;

/** Default headshots: SPEC §2 picks `(id % 15) + 1` when a user has no profile image. */
export const DEFAULT_HEADSHOT_COUNT = 15;

/**
 * Holds are pencils (issue 30): a hold covers at most `maxDays` days, lapses `lapseDays` after it
 * was made unless it is confirmed into a booking, and both sides are told `remindDaysBefore` days
 * before it lapses.
 */
export const HOLD_LIMITS = { maxDays: 60, lapseDays: 14, remindDaysBefore: 2 } as const;

import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MAX_ID } from './ids.ts';
import { roleCategorySchema } from './roles.ts';
import { text } from './text.ts';

/** SPEC §5 profile rules and messages, shared by the setup dialog, the edit page and the routes. */
const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * Who sees a profile's contact details (issue 33, ADR 027): everyone, signed-in members (the
 * default) or the owner's accepted connections. The owner and staff always see them.
 */
export const CONTACT_VISIBILITIES = ['public', 'members', 'connections'] as const;
export type ContactVisibility = (typeof CONTACT_VISIBILITIES)[number];
export const DEFAULT_CONTACT_VISIBILITY: ContactVisibility = 'members';
export const CONTACT_VISIBILITY_MESSAGE = 'Choose who can see your contact details';
/** The edit page's choices, in the order offered. */
export const CONTACT_VISIBILITY_LABELS: Record<ContactVisibility, string> = {
  public: 'Everyone',
  members: 'Signed-in members',
  connections: 'Your connections',
};

/** What an image upload is refused with (issue 30): answered before anything is decoded or stored. */
export const UPLOAD_MESSAGES = {
  tooManyPixels: `That image is too large (max ${LIMITS.uploadMaxMegapixels} megapixels)`,
} as const;

export const profileBasicsRequest = z.object({
  bio: optionalText(LIMITS.bioMax, 'Bio must be less than 500 characters'),
  location: optionalText(LIMITS.locationMax, 'Location must be less than 100 characters'),
  contactInfo: optionalText(LIMITS.contactInfoMax, 'Contact info must be less than 100 characters'),
  contactVisibility: z.enum(CONTACT_VISIBILITIES, { error: CONTACT_VISIBILITY_MESSAGE }).optional(),
  displayName: optionalText(
    LIMITS.displayNameMax,
    `Name must be less than ${LIMITS.displayNameMax} characters`,
  ),
});
export type ProfileBasicsRequest = z.input<typeof profileBasicsRequest>;

/** Dates as YYYY-MM-DD; empty means "not given". */
const isoDate = text()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    text()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2024-03-31')
      .refine((value) => !Number.isNaN(Date.parse(value)), 'Use a date like 2024-03-31')
      .nullable(),
  )
  .nullable()
  .optional();

export const experienceRequest = z
  .object({
    title: text()
      .trim()
      .min(2, 'Title must be at least 2 characters')
      .max(120, 'Title must be at most 120 characters'),
    projectName: text()
      .trim()
      .min(2, 'Project name must be at least 2 characters')
      .max(120, 'Project name must be at most 120 characters'),
    startDate: isoDate,
    endDate: isoDate,
    description: optionalText(
      LIMITS.experienceDescriptionMax,
      'Description must be less than 500 characters',
    ),
  })
  .refine((e) => !e.startDate || !e.endDate || e.endDate >= e.startDate, {
    message: 'End date must be after the start date',
    path: ['endDate'],
  });
export type ExperienceRequest = z.input<typeof experienceRequest>;

const thisYearPlusOne = () => new Date().getFullYear() + 1;

export const credentialRequest = z.object({
  title: text()
    .trim()
    .min(2, 'Title must be at least 2 characters')
    .max(120, 'Title must be at most 120 characters'),
  institution: text()
    .trim()
    .min(2, 'Institution must be at least 2 characters')
    .max(120, 'Institution must be at most 120 characters'),
  // SPEC §5: numeric, empty becomes undefined.
  year: z
    .preprocess(
      (value) => (value === '' || value === null || value === undefined ? undefined : Number(value)),
      z
        .number({ error: 'Year must be a number' })
        .int('Year must be a whole number')
        .min(1900, 'Year must be 1900 or later')
        .refine((year) => year <= thisYearPlusOne(), {
          error: () => `Year must be ${thisYearPlusOne()} or earlier`,
        })
        .optional(),
    )
    .optional(),
  description: optionalText(LIMITS.credentialDescriptionMax, 'Description must be less than 200 characters'),
});
export type CredentialRequest = z.input<typeof credentialRequest>;

export const tagRequest = z.object({
  tag: text()
    .trim()
    .min(1, 'Tag cannot be empty')
    .max(LIMITS.tagMax, `Each tag must be at most ${LIMITS.tagMax} characters`),
});

/** SPEC §5: comma-separated, each trimmed, empty ones dropped (and repeats, ignoring case). */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(',')) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export const roleLinkRequest = z.object({
  roleId: z.number({ error: 'Choose a role' }).int().positive('Choose a role').max(MAX_ID, 'Choose a role'),
});

export const reorderRequest = z.object({ ids: z.array(z.number().int().positive()).max(200) });

export const portfolioLinkRequest = z.object({
  title: text()
    .trim()
    .min(2, 'Title must be at least 2 characters')
    .max(120, 'Title must be at most 120 characters'),
  url: z
    .url({ error: 'Enter a full web address, starting with https://' })
    .refine((url) => /^https?:\/\//.test(url), 'Enter a full web address, starting with https://'),
  description: optionalText(300, 'Description must be less than 300 characters'),
});

export const portfolioUpdateRequest = z.object({
  title: text()
    .trim()
    .min(2, 'Title must be at least 2 characters')
    .max(120, 'Title must be at most 120 characters'),
  description: optionalText(300, 'Description must be less than 300 characters'),
});

export const experienceSchema = z.object({
  id: z.number().int(),
  title: text(),
  projectName: text(),
  startDate: text().nullable(),
  endDate: text().nullable(),
  description: text().nullable(),
  position: z.number().int(),
});
export type Experience = z.infer<typeof experienceSchema>;

export const credentialSchema = z.object({
  id: z.number().int(),
  title: text(),
  institution: text(),
  year: z.number().int().nullable(),
  description: text().nullable(),
});
export type Credential = z.infer<typeof credentialSchema>;

export const tagSchema = z.object({ id: z.number().int(), tag: text() });
export type Tag = z.infer<typeof tagSchema>;

export const PORTFOLIO_KINDS = ['image', 'video', 'link'] as const;
export const portfolioItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PORTFOLIO_KINDS),
  title: text(),
  description: text().nullable(),
  /** For an image: its URL; for a video or link: the address given. */
  url: text(),
  /** For an image: a smaller rendition; for a video: the embed address (YouTube no-cookie, Vimeo player). */
  thumbnailUrl: text().nullable(),
  embedUrl: text().nullable(),
  position: z.number().int(),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

export const profileRoleSchema = z.object({
  id: z.number().int(),
  name: text(),
  category: roleCategorySchema,
  icon: text(),
});

export const publicProfileSchema = z.object({
  id: z.number().int(),
  username: text(),
  displayName: text().nullable(),
  /** Shown until a display name is set ("Sam O."): personName() in common/src/people.ts. */
  fallbackName: text(),
  profileImage: text().nullable(),
  bio: text().nullable(),
  location: text().nullable(),
  /** Left out when canSeeContact (common/src/policies/profiles.ts) hides it from this reader. */
  contactInfo: text().nullable().optional(),
  /** Who may see contactInfo: shown to everyone, so a reader knows what would show it to them. */
  contactVisibility: z.enum(CONTACT_VISIBILITIES),
  isSubscribed: z.boolean(),
  memberSince: text(),
  roles: z.array(profileRoleSchema),
  experiences: z.array(experienceSchema),
  credentials: z.array(credentialSchema),
  tags: z.array(tagSchema),
  portfolio: z.array(portfolioItemSchema),
  /** Aggregate of the person's visible reviews: average rounded to 2 decimals (0 without reviews). */
  rating: z.object({ average: z.number(), count: z.number().int() }),
  /** Only for the owner (and admins): what the owner sees on their own page. */
  email: text().optional(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const profileStatsSchema = z.object({
  views7Days: z.number().int(),
  views30Days: z.number().int(),
  completeness: z.object({
    percent: z.number().int(),
    missing: z.array(z.enum(['basic', 'roles', 'experience', 'credentials', 'tags', 'avatar', 'portfolio'])),
  }),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

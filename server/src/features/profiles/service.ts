import { LIMITS } from '#common/limits';
import { canManageProfile, canSeeContact, contactNeedsConnection } from '#common/policies/profiles';
import type {
  CredentialRequest,
  ExperienceRequest,
  ProfileBasicsRequest,
  ProfileStats,
  PublicProfile,
} from '#common/schemas/profiles';
import { areConnected, visibleContactDetails } from '#server/access/connections.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '#server/errors.ts';
import { ratingAverage } from '#server/features/reviews/index.ts';
import type { PageCache } from '#server/http/page-cache.ts';
import { type Precompressed, precompress } from '#server/http/precompressed.ts';
import { type RequestAuth, SIGN_IN_REQUIRED } from '#server/http/request-auth.ts';
import { removeStoredImage, storeAvatar, storePortfolioImage } from '#server/uploads/images.ts';
import type { MediaStorage } from '#server/uploads/storage.ts';
import * as q from './queries.ts';
import { videoEmbedUrl } from './video-links.ts';

export const NOT_YOUR_PROFILE = 'You can only change your own profile';

/** canManageProfile, asked by every write before anything else. */
export function assertCanManage(auth: RequestAuth | null, profileId: number): void {
  if (!auth) throw new UnauthorizedError(SIGN_IN_REQUIRED);
  if (!canManageProfile(auth.user, profileId)) throw new ForbiddenError(NOT_YOUR_PROFILE);
}

async function requireProfileUser(db: Database, userId: number) {
  const user = await q.findProfileUser(db, userId);
  if (!user) throw new NotFoundError('Profile not found');
  return user;
}

/**
 * The whole profile as `viewer` may see it, in one round trip (see findFullProfile), plus one
 * index probe when a signed-in stranger reads a connections-only profile. Contact details the
 * viewer may not see (canSeeContact, ADR 027) are left out entirely; `null` is a visitor.
 */
export async function getProfile(
  db: Database,
  userId: number,
  viewer: RequestAuth | null,
): Promise<PublicProfile> {
  const row = await q.findFullProfile(db, userId);
  if (!row) throw new NotFoundError('Profile not found');
  const reader = viewer?.user ?? null;
  const seesPrivate = canManageProfile(reader, userId);
  const visibility = row.contact_visibility;
  const connected =
    reader !== null && contactNeedsConnection({ viewer: reader, profileId: userId }, visibility)
      ? await areConnected(db, reader.id, userId)
      : false;
  const seesContact = canSeeContact({ viewer: reader, profileId: userId, connected }, visibility);
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    fallbackName: row.fallback_name,
    profileImage: row.profile_image,
    bio: row.bio,
    location: row.location,
    ...(seesContact ? { contactInfo: row.contact_info } : {}),
    contactVisibility: visibility,
    isSubscribed: row.is_subscribed,
    memberSince: new Date(row.created_at).toISOString(),
    roles: row.roles,
    experiences: row.experiences,
    credentials: row.credentials,
    tags: row.tags,
    portfolio: row.portfolio,
    rating: { average: ratingAverage(row.rating_sum, row.review_count), count: row.review_count },
    // The address is private; contactInfo is what the owner chose to share.
    ...(seesPrivate ? { email: row.email } : {}),
  };
}

/**
 * The visitor's view of a profile as JSON bytes, as getProfile(…, null) would answer it: from the
 * public cache, else from the profile's document (one index read, ADR 040), which the cache then
 * keeps if the profile was read lately. `kept` is false for a profile read once, the common case
 * for visitors from search engines: it is sent as it is, since compressing it would cost more CPU
 * than reading it (ADR 040).
 */
export async function visitorProfile(
  db: Database,
  cache: PageCache<number>,
  userId: number,
): Promise<{ body: Precompressed; kept: boolean }> {
  const cached = cache.get(userId);
  if (cached) return { body: cached, kept: true };
  const document = await q.findVisitorDocument(db, userId);
  if (document === undefined) throw new NotFoundError('Profile not found');
  const body = precompress(Buffer.from(document), 'fast');
  return { body, kept: cache.set(userId, body) };
}

/**
 * A signed-in member's view of someone else's profile, from the visitor's view (which the public
 * cache holds): the same, with the contact details canSeeContact lets this member see. Undefined
 * when that adds nothing, so the visitor's bytes can be sent as they are.
 */
export async function withReaderContact(
  db: Database,
  visitorView: PublicProfile,
  reader: RequestAuth,
): Promise<PublicProfile | undefined> {
  // A public contact is already in the visitor's view.
  if (visitorView.contactVisibility === 'public') return undefined;
  const details = await visibleContactDetails(db, visitorView.id, reader.user);
  if (!details) return undefined;
  return { ...visitorView, contactInfo: details.contactInfo, contactVisibility: details.visibility };
}

/** The owner's edit of their basics; answered with the profile as the owner sees it. */
export async function updateBasics(
  db: Database,
  owner: RequestAuth | null,
  userId: number,
  input: ProfileBasicsRequest,
) {
  await requireProfileUser(db, userId);
  const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  await q.updateBasics(db, userId, values);
  return getProfile(db, userId, owner);
}

export async function addRole(db: Database, userId: number, roleId: number) {
  await requireProfileUser(db, userId);
  const role = await q.roleExists(db, roleId);
  if (!role) throw new BadRequestError('That role does not exist', { roleId: 'That role does not exist' });
  const created = await q.addRole(db, userId, roleId);
  return { role, created };
}

export async function removeRole(db: Database, userId: number, roleId: number) {
  if (!(await q.removeRole(db, userId, roleId))) throw new NotFoundError('That role is not on this profile');
}

function experienceValues(input: ExperienceRequest & Record<string, unknown>) {
  return {
    title: input.title,
    projectName: input.projectName,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    description: input.description ?? null,
  };
}

export async function addExperience(db: Database, userId: number, input: ExperienceRequest) {
  await requireProfileUser(db, userId);
  const created = await q.insertExperience(db, userId, experienceValues(input));
  if (!created) throw new Error('insert returned nothing');
  return created;
}

export async function editExperience(db: Database, userId: number, id: number, input: ExperienceRequest) {
  const updated = await q.updateExperience(db, userId, id, experienceValues(input));
  if (!updated) throw new NotFoundError('Experience not found');
  return updated;
}

export async function removeExperience(db: Database, userId: number, id: number) {
  if (!(await q.deleteExperience(db, userId, id))) throw new NotFoundError('Experience not found');
}

function credentialValues(input: CredentialRequest) {
  return {
    title: input.title,
    institution: input.institution,
    year: typeof input.year === 'number' ? input.year : null,
    description: input.description ?? null,
  };
}

export async function addCredential(db: Database, userId: number, input: CredentialRequest) {
  await requireProfileUser(db, userId);
  const created = await q.insertCredential(db, userId, credentialValues(input));
  if (!created) throw new Error('insert returned nothing');
  return created;
}

export async function editCredential(db: Database, userId: number, id: number, input: CredentialRequest) {
  const updated = await q.updateCredential(db, userId, id, credentialValues(input));
  if (!updated) throw new NotFoundError('Credential not found');
  return updated;
}

export async function removeCredential(db: Database, userId: number, id: number) {
  if (!(await q.deleteCredential(db, userId, id))) throw new NotFoundError('Credential not found');
}

/** A tag already on the profile (in any case) is answered as it is: never a second row. */
export async function addTag(db: Database, userId: number, tag: string) {
  await requireProfileUser(db, userId);
  const existing = await q.findTag(db, userId, tag);
  if (existing) return { tag: existing, created: false };
  if ((await q.countTags(db, userId)) >= LIMITS.tagsPerProfile) {
    throw new BadRequestError(`A profile can have at most ${LIMITS.tagsPerProfile} tags`, {
      tag: `A profile can have at most ${LIMITS.tagsPerProfile} tags`,
    });
  }
  const created = (await q.insertTag(db, userId, tag)) ?? (await q.findTag(db, userId, tag));
  if (!created) throw new Error('tag insert returned nothing');
  return { tag: created, created: true };
}

export async function removeTag(db: Database, userId: number, id: number) {
  if (!(await q.deleteTag(db, userId, id))) throw new NotFoundError('Tag not found');
}

/** Records a stored image; should that fail, its files go too, so no upload is left behind. */
async function keepingNoFileOnFailure<T>(
  media: MediaStorage,
  url: string,
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await removeStoredImage(media, url);
    throw error;
  }
}

export async function replaceAvatar(db: Database, media: MediaStorage, userId: number, bytes: Buffer) {
  const user = await requireProfileUser(db, userId);
  const stored = await storeAvatar(media, bytes);
  await keepingNoFileOnFailure(media, stored.url, () => q.setProfileImage(db, userId, stored.url));
  await removeStoredImage(media, user.profileImage);
  return { profileImage: stored.url };
}

export async function removeAvatar(db: Database, media: MediaStorage, userId: number) {
  const user = await requireProfileUser(db, userId);
  await q.setProfileImage(db, userId, null);
  await removeStoredImage(media, user.profileImage);
}

async function assertPortfolioRoom(db: Database, userId: number) {
  if ((await q.countPortfolio(db, userId)) >= LIMITS.portfolioItemsMax) {
    throw new BadRequestError(`A portfolio can have at most ${LIMITS.portfolioItemsMax} items`);
  }
}

export async function addPortfolioImage(
  db: Database,
  media: MediaStorage,
  userId: number,
  bytes: Buffer,
  meta: { title: string; description: string | null },
) {
  await requireProfileUser(db, userId);
  await assertPortfolioRoom(db, userId);
  const stored = await storePortfolioImage(media, bytes);
  return keepingNoFileOnFailure(media, stored.url, async () => {
    const item = await q.insertPortfolioItem(db, userId, {
      kind: 'image',
      title: meta.title,
      description: meta.description,
      url: stored.url,
      thumbnailUrl: stored.thumbnailUrl,
      embedUrl: null,
    });
    if (!item) throw new Error('insert returned nothing');
    return item;
  });
}

export async function addPortfolioLink(
  db: Database,
  userId: number,
  input: { title: string; url: string; description?: string | null },
) {
  await requireProfileUser(db, userId);
  await assertPortfolioRoom(db, userId);
  const embedUrl = videoEmbedUrl(input.url);
  const item = await q.insertPortfolioItem(db, userId, {
    kind: embedUrl ? 'video' : 'link',
    title: input.title,
    description: input.description ?? null,
    url: input.url,
    thumbnailUrl: null,
    embedUrl,
  });
  if (!item) throw new Error('insert returned nothing');
  return item;
}

export async function editPortfolioItem(
  db: Database,
  userId: number,
  id: number,
  input: { title: string; description?: string | null },
) {
  const item = await q.updatePortfolioItem(db, userId, id, {
    title: input.title,
    description: input.description ?? null,
  });
  if (!item) throw new NotFoundError('Portfolio item not found');
  return item;
}

export async function removePortfolioItem(db: Database, media: MediaStorage, userId: number, id: number) {
  const removed = await q.deletePortfolioItem(db, userId, id);
  if (!removed) throw new NotFoundError('Portfolio item not found');
  if (removed.kind === 'image') await removeStoredImage(media, removed.url);
}

export function reorder(db: Database, table: 'experiences' | 'portfolio', userId: number, ids: number[]) {
  return q.reorder(db, table, userId, ids);
}

/** The dashboard's numbers: views, and which setup steps are still empty (in setup order). */
export async function getStats(db: Database, userId: number): Promise<ProfileStats> {
  const [views, profile] = await Promise.all([q.countProfileViews(db, userId), getProfile(db, userId, null)]);
  const checks = [
    ['basic', Boolean(profile.bio && profile.location)],
    ['roles', profile.roles.length > 0],
    ['experience', profile.experiences.length > 0],
    ['credentials', profile.credentials.length > 0],
    ['tags', profile.tags.length > 0],
    ['avatar', profile.profileImage !== null],
    ['portfolio', profile.portfolio.length > 0],
  ] as const;
  const missing = checks.filter(([, done]) => !done).map(([step]) => step);
  return {
    ...views,
    completeness: { percent: Math.round(((checks.length - missing.length) / checks.length) * 100), missing },
  };
}

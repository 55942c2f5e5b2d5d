import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '#common/limits';
import { canManageProfile, ownsProfile } from '#common/policies/profiles';
import {
  credentialRequest,
  credentialSchema,
  experienceRequest,
  experienceSchema,
  portfolioItemSchema,
  portfolioLinkRequest,
  portfolioUpdateRequest,
  profileBasicsRequest,
  profileRoleSchema,
  profileStatsSchema,
  publicProfileSchema,
  reorderRequest,
  roleLinkRequest,
  tagRequest,
  tagSchema,
} from '#common/schemas/profiles';
import { BadRequestError, PayloadTooLargeError } from '#server/errors.ts';
import { sendPrecompressed } from '#server/http/precompressed.ts';
import { invalidateProfile } from '#server/http/public-crew-cache.ts';
import { acceptAccessTokens } from '#server/plugins/access-tokens.ts';
import { acceptMultipart } from '#server/plugins/media.ts';
import type { MediaStorage } from '#server/uploads/storage.ts';
import * as profiles from './service.ts';
import { createViewRecorder } from './view-recorder.ts';

/** Database ids are 32-bit: anything larger can only be a typo and must not reach PostgreSQL. */
const databaseId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const userParams = z.object({ id: databaseId('Not a valid profile id') });
const itemParams = userParams.extend({ itemId: databaseId('Not a valid id') });
const noContent = { 204: z.null() };
const TOO_LARGE = `Images can be at most ${LIMITS.uploadMaxBytes / 1024 / 1024} MB`;

/** Reads the single uploaded file; a file over the limit answers 413 with a message people understand. */
async function uploadedFile(request: FastifyRequest) {
  const file = await request.file().catch((error: { code?: string }) => {
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new BadRequestError('Send the image as multipart/form-data');
    throw error;
  });
  if (!file) throw new BadRequestError('Choose an image to upload', { file: 'Choose an image to upload' });
  try {
    const bytes = await file.toBuffer();
    const field = (name: string) => {
      const value = file.fields[name];
      return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : undefined;
    };
    return { bytes, field };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(TOO_LARGE, { file: TOO_LARGE });
    throw error;
  }
}

export const profileRoutes: FastifyPluginAsyncZod<{ media: MediaStorage }> = async (app, { media }) => {
  // A personal access token with the write scope may edit its own profile (ADR 032); canEdit still asks whose.
  acceptAccessTokens(app, 'reads and writes');
  const views = createViewRecorder(app.db, (err) => app.log.warn({ err }, 'profile views not recorded'));
  // onClose hooks run in reverse order of registration: this one before the database pool closes.
  app.addHook('onClose', () => views.close());
  // Runs before validation: someone else's profile is refused as such, whatever the body says.
  const canEdit = async (request: FastifyRequest) =>
    profiles.assertCanManage(request.auth, Number((request.params as { id: string }).id));

  /** DELETE of one item of the profile (a role, experience, credential, tag, portfolio item): 204. */
  const deleteItem = (url: string, remove: (userId: number, itemId: number) => Promise<void>) =>
    app.delete(
      url,
      { preValidation: canEdit, schema: { params: itemParams, response: noContent } },
      async (request, reply) => {
        await remove(request.params.id, request.params.itemId);
        return reply.code(204).send(null);
      },
    );

  // Any write under /api/users/:id changes what that profile shows: drop the cached copy before
  // the writer hears back, so their next read is fresh.
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET') return;
    const id = Number((request.params as { id?: string }).id);
    if (Number.isInteger(id)) invalidateProfile(app, id);
  });

  app.get(
    '/api/users/:id',
    // The visitor's bytes are compressed once kept, or sent as they are (ADR 040); the owner's and a
    // member's own views are a couple of KB, not worth compressing per request either.
    {
      compress: false,
      decompress: false,
      schema: { params: userParams, response: { 200: publicProfileSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const viewer = request.auth?.user;
      // Counted once the profile is found (a missing one throws first); the owner's own look is not a view.
      const countView = () => {
        if (!ownsProfile(viewer ?? null, id))
          views.record(id, viewer ? `user:${viewer.id}` : `net:${request.meta().ipPrefix}`);
      };
      // The owner sees their private fields and always the latest data.
      if (canManageProfile(viewer ?? null, id)) {
        const profile = await profiles.getProfile(app.db, id, request.auth);
        countView();
        // Private fields: never kept by the service worker's offline cache (or any other).
        reply.header('cache-control', 'private, no-store');
        return profile;
      }
      // The cache holds the visitor's view only (contact details only when public: ADR 027).
      const { body, kept } = await profiles.visitorProfile(app.db, app.publicCrew.profiles, id);
      // A member may see contact details a visitor may not: theirs alone, never cached or shared.
      const withContact = request.auth
        ? await profiles.withReaderContact(app.db, JSON.parse(body.identity.toString('utf8')), request.auth)
        : undefined;
      countView();
      if (withContact) {
        reply.header('cache-control', 'private, no-store');
        return withContact;
      }
      // Already serialised (and compressed once kept): sent as bytes, without the serialiser or compression.
      if (!kept) return reply.type('application/json; charset=utf-8').send(body.identity as never);
      return sendPrecompressed(request, reply, body) as never;
    },
  );

  app.get(
    '/api/users/:id/stats',
    { preValidation: canEdit, schema: { params: userParams, response: { 200: profileStatsSchema } } },
    async (request) => {
      await views.flush();
      return profiles.getStats(app.db, request.params.id);
    },
  );

  app.patch(
    '/api/users/:id',
    {
      preValidation: canEdit,
      schema: { params: userParams, body: profileBasicsRequest, response: { 200: publicProfileSchema } },
    },
    async (request) => profiles.updateBasics(app.db, request.auth, request.params.id, request.body),
  );

  app.post(
    '/api/users/:id/roles',
    {
      preValidation: canEdit,
      schema: {
        params: userParams,
        body: roleLinkRequest,
        response: { 200: profileRoleSchema, 201: profileRoleSchema },
      },
    },
    async (request, reply) => {
      const { role, created } = await profiles.addRole(app.db, request.params.id, request.body.roleId);
      return reply.code(created ? 201 : 200).send(role);
    },
  );

  deleteItem('/api/users/:id/roles/:itemId', (userId, itemId) => profiles.removeRole(app.db, userId, itemId));

  app.post(
    '/api/users/:id/experiences',
    {
      preValidation: canEdit,
      schema: { params: userParams, body: experienceRequest, response: { 201: experienceSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await profiles.addExperience(app.db, request.params.id, request.body)),
  );

  app.put(
    '/api/users/:id/experiences/order',
    { preValidation: canEdit, schema: { params: userParams, body: reorderRequest, response: noContent } },
    async (request, reply) => {
      await profiles.reorder(app.db, 'experiences', request.params.id, request.body.ids);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/users/:id/experiences/:itemId',
    {
      preValidation: canEdit,
      schema: { params: itemParams, body: experienceRequest, response: { 200: experienceSchema } },
    },
    async (request) =>
      profiles.editExperience(app.db, request.params.id, request.params.itemId, request.body),
  );

  deleteItem('/api/users/:id/experiences/:itemId', (userId, itemId) =>
    profiles.removeExperience(app.db, userId, itemId),
  );

  app.post(
    '/api/users/:id/credentials',
    {
      preValidation: canEdit,
      schema: { params: userParams, body: credentialRequest, response: { 201: credentialSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await profiles.addCredential(app.db, request.params.id, request.body)),
  );

  app.patch(
    '/api/users/:id/credentials/:itemId',
    {
      preValidation: canEdit,
      schema: { params: itemParams, body: credentialRequest, response: { 200: credentialSchema } },
    },
    async (request) =>
      profiles.editCredential(app.db, request.params.id, request.params.itemId, request.body),
  );

  deleteItem('/api/users/:id/credentials/:itemId', (userId, itemId) =>
    profiles.removeCredential(app.db, userId, itemId),
  );

  app.post(
    '/api/users/:id/tags',
    {
      preValidation: canEdit,
      schema: { params: userParams, body: tagRequest, response: { 200: tagSchema, 201: tagSchema } },
    },
    async (request, reply) => {
      const { tag, created } = await profiles.addTag(app.db, request.params.id, request.body.tag);
      return reply.code(created ? 201 : 200).send(tag);
    },
  );

  deleteItem('/api/users/:id/tags/:itemId', (userId, itemId) => profiles.removeTag(app.db, userId, itemId));

  // The two upload routes, in a context of their own: only they parse multipart (acceptMultipart).
  await app.register(async (context) => {
    await acceptMultipart(context);
    const uploads = context.withTypeProvider<ZodTypeProvider>();
    uploads.post(
      '/api/users/:id/avatar',
      {
        preValidation: canEdit,
        schema: { params: userParams, response: { 200: z.object({ profileImage: z.string() }) } },
      },
      async (request) => {
        const { bytes } = await uploadedFile(request);
        return profiles.replaceAvatar(app.db, media, request.params.id, bytes);
      },
    );

    /** A portfolio image (multipart: title, description?, file), or a video/web link (JSON). */
    uploads.post(
      '/api/users/:id/portfolio',
      { preValidation: canEdit, schema: { params: userParams, response: { 201: portfolioItemSchema } } },
      async (request, reply) => {
        if (request.isMultipart()) {
          const { bytes, field } = await uploadedFile(request);
          const meta = portfolioUpdateRequest.safeParse({
            title: field('title') ?? '',
            description: field('description'),
          });
          if (!meta.success) {
            const issue = meta.error.issues[0];
            throw new BadRequestError(issue?.message ?? 'Invalid portfolio item', {
              [String(issue?.path[0] ?? 'title')]: issue?.message ?? '',
            });
          }
          const item = await profiles.addPortfolioImage(app.db, media, request.params.id, bytes, {
            title: meta.data.title,
            description: meta.data.description ?? null,
          });
          return reply.code(201).send(item);
        }
        const link = portfolioLinkRequest.safeParse(request.body);
        if (!link.success) {
          const fields = Object.fromEntries(
            link.error.issues.map((issue) => [String(issue.path[0] ?? '_'), issue.message]),
          );
          throw new BadRequestError(link.error.issues[0]?.message ?? 'Invalid link', fields);
        }
        return reply.code(201).send(await profiles.addPortfolioLink(app.db, request.params.id, link.data));
      },
    );
  });

  app.delete(
    '/api/users/:id/avatar',
    { preValidation: canEdit, schema: { params: userParams, response: noContent } },
    async (request, reply) => {
      await profiles.removeAvatar(app.db, media, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/users/:id/portfolio/order',
    { preValidation: canEdit, schema: { params: userParams, body: reorderRequest, response: noContent } },
    async (request, reply) => {
      await profiles.reorder(app.db, 'portfolio', request.params.id, request.body.ids);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/users/:id/portfolio/:itemId',
    {
      preValidation: canEdit,
      schema: { params: itemParams, body: portfolioUpdateRequest, response: { 200: portfolioItemSchema } },
    },
    async (request) =>
      profiles.editPortfolioItem(app.db, request.params.id, request.params.itemId, request.body),
  );

  deleteItem('/api/users/:id/portfolio/:itemId', (userId, itemId) =>
    profiles.removePortfolioItem(app.db, media, userId, itemId),
  );
};

import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS } from '#common/limits';
import { MEDIA_PREFIX } from '#server/uploads/images.ts';
import {
  IMMUTABLE,
  isMediaKey,
  type MediaStorage,
  mediaContentType,
  type StoredFile,
} from '#server/uploads/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are stored (DATA_DIR/uploads or STORAGE_URL's bucket): uploads/storage.ts. */
    media: MediaStorage;
  }
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any file that exists. */
function matchesEtag(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Whether the client's copy is current: If-None-Match when sent, else If-Modified-Since. */
function notModified(request: FastifyRequest, file: StoredFile): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, file.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(file.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * Multipart parsing (one file, 5 MB), for the context it is called in: only the routes that take
 * uploads register it, in a context of their own. @fastify/multipart adds two async hooks and a
 * 'close' listener to every request of its context, which every other route would pay for
 * (ADR 043).
 */
export async function acceptMultipart(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1000 },
  });
}

/**
 * The stored images under /media/, read from whichever storage holds them (ADR 031): streamed
 * through the app, never redirected, so the URL a profile stores is the same on every storage and
 * the bucket stays private. Names are random and content never changes under a name, so they are
 * cached as immutable, with ETag and Last-Modified for a client that asks again; helmet's
 * `nosniff` stops a browser from reading one as anything but an image. The storage is closed
 * with the app.
 */
export const mediaPlugin = fp<{ storage: MediaStorage }>(
  async (app, { storage }) => {
    await storage.check();
    app.decorate('media', storage);
    app.addHook('onClose', async () => storage.close());

    app.get<{ Params: { name: string } }>(
      `${MEDIA_PREFIX}:name`,
      async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
        const { name } = request.params;
        const file = isMediaKey(name) ? await storage.get(name) : null;
        if (!file) return reply.callNotFound();
        reply
          .header('content-type', mediaContentType(name))
          .header('cache-control', IMMUTABLE)
          .header('etag', file.etag)
          .header('last-modified', file.lastModified.toUTCString());
        if (notModified(request, file)) {
          file.body.destroy();
          return reply.code(304).send();
        }
        return reply.header('content-length', file.size).send(file.body);
      },
    );
  },
  { name: 'media' },
);

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { LIMITS } from '#common/limits';
import { MEDIA_PREFIX } from '#server/uploads/images.ts';

/**
 * Multipart parsing for uploads (one file, 5 MB) and the stored images under /media/. Names are
 * random and content never changes under a name, so they are cached as immutable; helmet's
 * `nosniff` stops a browser from reading one as anything but an image.
 */
export const mediaPlugin = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1000 },
    });
    const root = path.join(dataDir, 'uploads');
    mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  },
  { name: 'media' },
);

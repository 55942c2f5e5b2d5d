import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A body compressed once, for answers that are the same for every request (the role catalogue, index.html). */
export interface Precompressed {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * `effort: 'max'` for bodies compressed once per process; 'fast' for bodies cached briefly (a
 * public profile), where compressing costs on every cache miss.
 */
export function precompress(body: Buffer, effort: 'max' | 'fast' = 'max'): Precompressed {
  return {
    identity: body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 5 } }),
    gzip: gzipSync(body, { level: effort === 'max' ? 9 : 6 }),
  };
}

export const precompressJson = (value: unknown, effort: 'max' | 'fast' = 'max') =>
  precompress(Buffer.from(JSON.stringify(value)), effort);

/**
 * Sends the best encoding the client accepts. Routes using this set `compress: false` so
 * @fastify/compress does not compress the same bytes again on every request.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Precompressed,
  contentType = 'application/json; charset=utf-8',
) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type(contentType).header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

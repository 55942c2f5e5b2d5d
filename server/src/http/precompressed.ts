import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body compressed once, for answers that are the same for every request (the role catalogue). */
export interface PrecompressedJson {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompressJson(value: unknown): PrecompressedJson {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * Sends the best encoding the client accepts. Routes using this set `compress: false` so
 * @fastify/compress does not compress the same bytes again on every request.
 */
export function sendPrecompressedJson(request: FastifyRequest, reply: FastifyReply, body: PrecompressedJson) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A body sent as is or compressed, each encoding made at most once: for answers that are the
 * same for every request (the role catalogue, index.html) and for those cached briefly (a public
 * profile, a rendered page).
 */
export interface Precompressed {
  readonly identity: Buffer;
  /** The body in brotli, made on first use. */
  readonly br: Buffer;
  /** The body in gzip, made on first use. */
  readonly gzip: Buffer;
}

type Effort = 'max' | 'fast';

/**
 * The brotli window and the size hint follow the body: with Node's defaults (a 4 MB window for
 * any input) setting up the encoder cost more than compressing a 2 KB profile.
 *
 * 'fast' is quality 1: a profile read once (the common case, ADR 029) is compressed once and
 * never again, and quality 5 took four times as long (about 100 against 400 µs for a 1.6 KB
 * profile) for 18% fewer bytes (531 against 644).
 */
/**
 * The bytes in a buffer of their own. What zlib returns is a view of its 16 KB output chunk, and a
 * small Buffer.from shares an 8 KB slab with whatever was allocated beside it: a cached 600-byte
 * profile held 24 KB, and the caches' byte budget counted a tenth of what they kept (ADR 040).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

function brotli(body: Buffer, effort: Effort): Buffer {
  return ownBytes(
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 1,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(body.length + 1)))),
      },
    }),
  );
}

const gzip = (body: Buffer, effort: Effort) => ownBytes(gzipSync(body, { level: effort === 'max' ? 9 : 1 }));

class LazyEncodings implements Precompressed {
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;
  constructor(
    readonly identity: Buffer,
    private readonly effort: Effort,
  ) {}
  get br(): Buffer {
    this.#br ??= brotli(this.identity, this.effort);
    return this.#br;
  }
  get gzip(): Buffer {
    this.#gzip ??= gzip(this.identity, this.effort);
    return this.#gzip;
  }
}

/**
 * `effort: 'max'` for bodies compressed once per process, both encodings at once; 'fast' for
 * bodies cached briefly (a public profile), where a cache miss pays for compressing: only the
 * encoding a client asks for is made, when it is first asked for (a miss used to make both, and
 * that was a quarter of the server's time on profiles read once).
 */
export function precompress(bytes: Buffer, effort: Effort = 'max'): Precompressed {
  const body = ownBytes(bytes);
  if (effort === 'max') return { identity: body, br: brotli(body, effort), gzip: gzip(body, effort) };
  return new LazyEncodings(body, effort);
}

export const precompressJson = (value: unknown, effort: Effort = 'max') =>
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

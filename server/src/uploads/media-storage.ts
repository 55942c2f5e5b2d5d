import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
/**
 * The media storage's interface, its key rules and the disk implementation; storage.ts is the
 * entry point (it adds S3 and `createStorage`).
 *
 * Where uploaded media lives (ADR 031): the local disk under DATA_DIR/uploads (the default), or an
 * S3 bucket (STORAGE_URL=s3://bucket/prefix) that every instance shares. Everything that stores,
 * serves, deletes, exports or backs up a member's files goes through this one interface, so no
 * caller knows which it is. Keys are flat file names (`isMediaKey`): no folders, no `..`.
 */
export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /** Where the files are, for logs and messages: a folder, or s3://bucket/prefix. */
  readonly location: string;
  /** Stores `bytes` under `key`, whole or not at all (a reader never sees half a file). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file and its validators, or null when there is none under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a file that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Every key stored, in no particular order (the backup reads them all). */
  list(): AsyncIterable<string>;
  /** Fails with a clear message when the storage cannot be reached or written to at start-up. */
  check(): Promise<void>;
  close(): void;
}

export interface StoredFile {
  body: Readable;
  size: number;
  /** As sent in the ETag header, quotes (and W/) included. */
  etag: string;
  lastModified: Date;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\.[A-Za-z0-9]{1,10})?$/;

/** A name we store media under: one path segment of letters, digits, `-` and `_`, one extension. */
export const isMediaKey = (key: string): boolean => KEY.test(key);

export function assertKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}

/** The content type a file is served with, from its extension only (never from what was stored). */
export function mediaContentType(key: string): string {
  const ext = path.extname(key).toLowerCase();
  return MEDIA_TYPES[ext] ?? 'application/octet-stream';
}
const MEDIA_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** Names are never reused for other content, so caches may keep a file for a year without asking. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StorageLog {
  warn(object: object, message: string): void;
}

/** Today's behaviour: one file per key in a folder (DATA_DIR/uploads). */
export function diskStorage(dir: string): MediaStorage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(dir, key);
  };
  return {
    kind: 'disk',
    location: dir,
    async put(key, bytes) {
      const target = file(key);
      await mkdir(dir, { recursive: true });
      // Written aside, then renamed into place: a reader sees no file or the whole file.
      const partial = path.join(dir, `.${key}.${randomBytes(6).toString('hex')}.partial`);
      try {
        await writeFile(partial, bytes);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const target = file(key);
      try {
        const info = await stat(target);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(target),
          size: info.size,
          // As @fastify/static (send) made it: size and modification time.
          etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
          lastModified: info.mtime,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async *list() {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) if (entry.isFile() && isMediaKey(entry.name)) yield entry.name;
    },
    async check() {
      await mkdir(dir, { recursive: true });
    },
    close() {},
  };
}

import { diskStorage, type MediaStorage, type StorageLog } from '#server/uploads/media-storage.ts';
import { s3Storage } from '#server/uploads/s3-storage.ts';
import type { StorageConfig } from '#server/uploads/storage-config.ts';

export {
  IMMUTABLE,
  isMediaKey,
  type MediaStorage,
  mediaContentType,
  type StorageLog,
  type StoredFile,
} from '#server/uploads/media-storage.ts';
export { StorageUnavailableError } from '#server/uploads/s3-storage.ts';
export type { StorageConfig };

/**
 * The storage the configuration names (ADR 031): the disk, or S3 through the AWS SDK, which is
 * loaded (about 2 s and 25 MB) only on the first S3 request, so a disk install starts as before.
 * `log` hears of S3 outages.
 */
export function createStorage(config: StorageConfig, log?: StorageLog): MediaStorage {
  return config.kind === 'disk' ? diskStorage(config.dir) : s3Storage(config, { log });
}

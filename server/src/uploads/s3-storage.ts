import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { HttpError, SERVICE_UNAVAILABLE } from '#server/errors.ts';
import {
  assertKey,
  IMMUTABLE,
  isMediaKey,
  type MediaStorage,
  type StorageLog,
} from '#server/uploads/media-storage.ts';
import type { StorageConfig } from '#server/uploads/storage-config.ts';

type Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<Sdk> | undefined;
/** The AWS SDK, loaded on the first S3 request of the process (about 2 s and 25 MB). */
const loadSdk = () => {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
};

/**
 * 503: the storage did not answer, or answered with its own failure (5xx, a timeout, a refused
 * connection). It heals by itself, like a database outage; a 4xx (no such bucket, access denied)
 * is a configuration error and stays a 500.
 */
export class StorageUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, SERVICE_UNAVAILABLE);
    this.cause = cause;
  }
}

interface SdkError {
  name?: string;
  $fault?: string;
  $metadata?: { httpStatusCode?: number };
}

/** Whether an SDK error says the storage is down rather than that the request was wrong. */
function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return false;
  const status = (error as SdkError).$metadata?.httpStatusCode;
  // No status: no answer at all (refused, reset, timed out).
  return status === undefined || status >= 500;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * A bucket (and a prefix in it) through the official AWS SDK; S3-compatible servers via `endpoint`.
 * `listPageSize`: keys per ListObjectsV2 page (S3's most, 1,000, unless a test wants several pages).
 */
export function s3Storage(
  config: Extract<StorageConfig, { kind: 's3' }>,
  { listPageSize = 1_000, log }: { listPageSize?: number; log?: StorageLog } = {},
): MediaStorage {
  let client: S3Client | undefined;
  let connecting: Promise<{ aws: Sdk; s3: S3Client }> | undefined;
  const connect = () => {
    connecting ??= loadSdk().then((aws) => {
      client = new aws.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // A bucket in another region than AWS_REGION still answers, after one redirect.
        followRegionRedirects: true,
        maxAttempts: 3,
        // A storage that stops answering fails the request instead of holding it for ever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      });
      return { aws, s3: client };
    });
    return connecting;
  };
  const { bucket, prefix } = config;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };
  const location = `s3://${bucket}/${prefix}`;
  /** Runs one request; an outage becomes a 503 (logged with the SDK's error), anything else is thrown as is. */
  async function send<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      log?.warn({ err: error, storage: location }, 'media storage unavailable');
      throw new StorageUnavailableError(error);
    }
  }
  return {
    kind: 's3',
    location,
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      const { aws, s3 } = await connect();
      await send(() =>
        s3.send(
          new aws.PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: bytes,
            ContentType: contentType,
            // Right for a CDN put straight in front of the bucket too.
            CacheControl: IMMUTABLE,
          }),
        ),
      );
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const Key = objectKey(key);
      const { aws, s3 } = await connect();
      try {
        const out = await send(() => s3.send(new aws.GetObjectCommand({ Bucket: bucket, Key })));
        if (!out.Body) return null;
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          etag: out.ETag ?? `"${key}"`,
          lastModified: out.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { aws, s3 } = await connect();
      // S3 answers 204 whether or not the object was there.
      await send(() => s3.send(new aws.DeleteObjectCommand({ Bucket: bucket, Key })));
    },
    async *list() {
      const { aws, s3 } = await connect();
      for await (const page of aws.paginateListObjectsV2(
        { client: s3, pageSize: listPageSize },
        { Bucket: bucket, Prefix: prefix },
      )) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? '';
          // Objects in "sub-folders" of the prefix are not ours.
          if (object.Key?.startsWith(prefix) && isMediaKey(key)) yield key;
        }
      }
    },
    async check() {
      const { aws, s3 } = await connect();
      try {
        // The one permission besides Get/Put/Delete the app needs (the backup lists), checked once.
        await s3.send(new aws.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }));
      } catch (error) {
        const where = config.endpoint ? ` at ${config.endpoint}` : '';
        throw new Error(
          `Media storage ${location}${where} cannot be reached: ${(error as Error).name}: ${(error as Error).message}`,
        );
      }
    },
    close() {
      client?.destroy();
    },
  };
}

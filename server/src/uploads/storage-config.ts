import path from 'node:path';
import { z } from 'zod';

/** Where media is stored (ADR 031): read by config.ts like every setting, made by storage.ts. */
export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** '' or ending in '/'. */
      prefix: string;
      region: string;
      /** An S3-compatible server (MinIO, Ceph, R2…); unset: AWS. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the SDK's default chain (instance role, AWS_PROFILE, web identity). */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

const STORAGE_URL_FORMAT =
  'STORAGE_URL must be s3://bucket or s3://bucket/prefix (unset: uploads under DATA_DIR/uploads)';

/** S3's bucket naming rules: 3–63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Folders of letters, digits, `.`, `_` and `-`, none of them `.` or `..`. */
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** `s3://bucket/some/prefix` → bucket and `some/prefix/`; undefined when the URL is not one. */
export function parseStorageUrl(value: string): { bucket: string; prefix: string } | undefined {
  const match = /^s3:\/\/([^/?#]+)(\/[^?#]*)?$/.exec(value);
  if (!match) return undefined;
  const [, bucket = '', rest = ''] = match;
  if (!BUCKET.test(bucket) || bucket.includes('..')) return undefined;
  const segments = rest.split('/').filter((segment) => segment !== '');
  if (segments.some((s) => !PREFIX_SEGMENT.test(s) || s === '.' || s === '..')) return undefined;
  return { bucket, prefix: segments.length > 0 ? `${segments.join('/')}/` : '' };
}

/** compose.yaml passes `${S3_ENDPOINT:-}`: an empty value is no value. */
const emptyIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** The storage settings, spread into config.ts's environment schema. */
export const storageEnv = {
  /** Unset: files under DATA_DIR/uploads. `s3://bucket/prefix`: that bucket, shared by every instance. */
  STORAGE_URL: optionalText.refine(
    (value) => value === undefined || parseStorageUrl(value) !== undefined,
    STORAGE_URL_FORMAT,
  ),
  /** The bucket's region; S3-compatible servers mostly take any (default us-east-1). */
  AWS_REGION: optionalText,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  /** An S3-compatible server's address (MinIO, Ceph, R2…); unset: AWS. */
  S3_ENDPOINT: z.preprocess(
    emptyIsUnset,
    z
      .url({ error: 'S3_ENDPOINT must be an http(s):// URL' })
      .refine((url) => /^https?:\/\//.test(url), 'S3_ENDPOINT must be an http(s):// URL')
      .optional(),
  ),
  /** Bucket in the path (http://host/bucket/key) instead of the host name; default: on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyIsUnset,
    z.enum(['0', '1', 'true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be 1 or 0' }).optional(),
  ),
};

type StorageEnv = { [K in keyof typeof storageEnv]?: z.output<(typeof storageEnv)[K]> };

/**
 * The storage the settings name. Half a configuration is refused like a wrong value: S3 settings
 * without STORAGE_URL (files would silently go to the disk), or a key id without its secret.
 */
export function storageConfig(e: StorageEnv, dataDir: string): StorageConfig {
  const problems: string[] = [];
  const target = e.STORAGE_URL === undefined ? undefined : parseStorageUrl(e.STORAGE_URL);
  if (!target && (e.S3_ENDPOINT !== undefined || e.S3_FORCE_PATH_STYLE !== undefined)) {
    problems.push('S3_ENDPOINT and S3_FORCE_PATH_STYLE need STORAGE_URL=s3://bucket/prefix');
  }
  // AWS_* may be in the environment for other tools: only S3 storage reads them.
  if (target && Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  }
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  if (!target) return { kind: 'disk', dir: path.join(dataDir, 'uploads') };
  return {
    kind: 's3',
    ...target,
    region: e.AWS_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    forcePathStyle:
      e.S3_FORCE_PATH_STYLE === undefined
        ? e.S3_ENDPOINT !== undefined
        : e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

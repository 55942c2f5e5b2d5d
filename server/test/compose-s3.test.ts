import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config.ts';

interface Service {
  environment?: Record<string, string>;
  profiles?: string[];
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  entrypoint?: string[];
}

/** compose.yaml's environment for a service, with `${NAME:-default}` read from `given`. */
function environmentOf(service: Service | undefined, given: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(service?.environment ?? {}).map(([key, value]) => [
      key,
      String(value).replace(
        /\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g,
        (_m, variable: string, fallback?: string) => given[variable] ?? fallback ?? 'secret',
      ),
    ]),
  );
}

/**
 * compose.yaml's S3 variant (issue 34, ADR 031) cannot run here (no Docker daemon): this checks
 * that the default stack keeps its uploads volume, and that the variables its header names point
 * both instances at the MinIO bucket the `s3` profile makes.
 */
describe('compose.yaml, media on S3', () => {
  const load = async () =>
    (parse(await readFile('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> })
      .services;
  const base = {
    SESSION_SECRET: 's'.repeat(40),
    TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };

  it('stores on the shared volume by default', async () => {
    const services = await load();
    for (const name of ['app1', 'app2']) {
      const config = loadConfig({
        ...environmentOf(services[name], base),
        DATA_DIR: '/tmp/crewbase-compose',
      });
      expect(config.storage).toEqual({ kind: 'disk', dir: '/tmp/crewbase-compose/uploads' });
      expect(services[name]?.depends_on?.['minio-bucket']).toEqual({
        condition: 'service_completed_successfully',
        required: false,
      });
    }
  });

  it('puts both instances on the bucket the s3 profile makes', async () => {
    const services = await load();
    const given = {
      ...base,
      STORAGE_URL: 's3://crewbase/media',
      S3_ENDPOINT: 'http://minio:9000',
      AWS_ACCESS_KEY_ID: 'crewbase',
      AWS_SECRET_ACCESS_KEY: 'a-long-password',
    };
    expect(services.minio?.profiles).toEqual(['s3']);
    expect(services['minio-bucket']?.profiles).toEqual(['s3']);
    expect(services['minio-bucket']?.entrypoint?.join(' ')).toContain(
      'mc mb --ignore-existing local/crewbase',
    );
    for (const name of ['app1', 'app2']) {
      const config = loadConfig({
        ...environmentOf(services[name], given),
        DATA_DIR: '/tmp/crewbase-compose',
      });
      expect(config.storage).toEqual({
        kind: 's3',
        bucket: 'crewbase',
        prefix: 'media/',
        region: 'us-east-1',
        endpoint: 'http://minio:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'crewbase', secretAccessKey: 'a-long-password' },
      });
    }
    expect(environmentOf(services.minio, given)).toEqual({
      MINIO_ROOT_USER: 'crewbase',
      MINIO_ROOT_PASSWORD: 'a-long-password',
    });
  });
});

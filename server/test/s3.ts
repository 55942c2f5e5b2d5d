import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** s3rver's fixed credentials: it checks the key id, and signs nothing we need to keep secret. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  /** The settings that point CrewBase at `s3://bucket/prefix` on this server. */
  env(bucket: string, prefix?: string): Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  put(bucket: string, key: string, body: string | Buffer): Promise<void>;
  stop(): Promise<void>;
}

const RUNNER = fileURLToPath(new URL('./s3-server.cjs', import.meta.url));

/**
 * A local S3-compatible server for a test file: @20minutes/s3rver (the maintained fork of s3rver,
 * ADR 031) in a child process on loopback, a random port and a temporary folder, with the buckets
 * made. `stop()` ends it and removes the folder; should the test process die first, the server
 * sees its stdin close and exits too.
 */
export async function startS3(buckets: string[]): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'crewbase-s3-'));
  await chmod(directory, 0o700);
  const child = spawn(process.execPath, ['--openssl-legacy-provider', RUNNER, directory, ...buckets], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = once(child, 'exit');
  const port = await Promise.race([
    (async () => {
      for await (const line of createInterface({ input: child.stdout })) {
        return (JSON.parse(line) as { port: number }).port;
      }
      throw new Error(`the S3 server printed no port:\n${errors}`);
    })(),
    exited.then(([code]) => {
      throw new Error(`the S3 server exited with ${code}:\n${errors}`);
    }),
  ]);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    endpoint,
    env: (bucket, prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    async keys(bucket) {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async put(bucket, key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async stop() {
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

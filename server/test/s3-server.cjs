// A local S3-compatible server for the tests (server/test/s3.ts starts it): @20minutes/s3rver on
// 127.0.0.1, a random port, the folder and buckets given as arguments. It prints its port as one
// JSON line, and exits when told to (SIGTERM) or when the test that started it goes away (stdin
// closes). Run with --openssl-legacy-provider: s3rver seals ListObjectsV2 continuation tokens
// with DES, which OpenSSL 3 (Node 17+) only offers through its legacy provider. Signatures are
// not compared: it signs a bucket's path as /bucket where the SDK signs /bucket/ (ListObjectsV2),
// so every listing would be refused; the key id is still checked (ADR 031).
'use strict';
const S3rver = require('@20minutes/s3rver');

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  allowMismatchedSignatures: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  await server.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();

server.run().then(
  ({ port }) => process.stdout.write(`${JSON.stringify({ port })}\n`),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);

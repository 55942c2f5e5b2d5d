import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SECRET_KEY_BYTES } from '#server/crypto/secret-box.ts';
import { type StorageConfig, storageConfig, storageEnv } from '#server/uploads/storage-config.ts';

/** More proxies in a row than any deployment has: a typo, not a setting. */
const MAX_PROXY_HOPS = 10;

/**
 * Whose word X-Forwarded-For is taken on (app.ts hands it to Fastify, whose `request.ip` every
 * limit, throttle and log line reads): the nearest `hops` peers, or peers within `ranges`.
 * `{ hops: 0 }` trusts no one.
 */
export type TrustProxy = { hops: number } | { ranges: readonly string[] };

/** An IPv4 or IPv6 address, optionally with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const isSecretKey = (value: string) =>
  /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === SECRET_KEY_BYTES;

/** The environment, declared once and checked at start-up: a wrong value stops the server with a clear message. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .url({ error: 'DATABASE_URL must be a postgres:// URL' })
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /** 32 random bytes, base64 (`openssl rand -base64 32`): seals TOTP secrets in the database. */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine(isSecretKey, 'TOTP_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: http://localhost:PORT, and a realtime socket is accepted from whatever address served the page. */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL' }).optional(),
  /** More origins (comma-separated) whose pages may open /ws besides PUBLIC_URL's. */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((list, ctx) => {
      const origins: string[] = [];
      for (const entry of (list ?? '').split(',').map((item) => item.trim())) {
        if (entry === '') continue;
        const origin = URL.canParse(entry) ? new URL(entry).origin : 'null';
        if (origin === 'null') {
          ctx.addIssue({ code: 'custom', message: `ALLOWED_ORIGINS: "${entry}" is not an http(s) origin` });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
  /**
   * Who may tell the client's address in X-Forwarded-For. Unset: nobody, the socket's address is the
   * client. A number: that many proxies stand in front. A comma-separated list: the proxies' addresses.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      const setting = (value ?? '').trim();
      if (setting === '') return { hops: 0 };
      if (/^\d+$/.test(setting)) {
        const hops = Number(setting);
        if (hops <= MAX_PROXY_HOPS) return { hops };
        ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: at most ${MAX_PROXY_HOPS} proxies in a row` });
        return z.NEVER;
      }
      const ranges = setting.split(',').map((entry) => entry.trim());
      const wrong = ranges.find((entry) => !isAddressOrCidr(entry));
      if (wrong === undefined) return { ranges };
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: "${wrong}" is neither a number of proxies nor an IP address or CIDR range (e.g. 1, or 10.0.0.0/8,192.168.1.5)`,
      });
      return z.NEVER;
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  CLIENT_DIST: z.string().min(1).default('./dist/client'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /** Connections in the app's PostgreSQL pool (docs/benchmarks.md, "Connections and pool size"). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
    .int('DATABASE_POOL_SIZE must be a whole number from 1 to 100')
    .min(1, 'DATABASE_POOL_SIZE must be a whole number from 1 to 100')
    .max(100, 'DATABASE_POOL_SIZE must be a whole number from 1 to 100')
    .default(10),
  /** What the public page caches of one instance hold at most, together, in MB (http/public-crew-cache.ts). */
  PAGE_CACHE_MB: z.coerce
    .number({ error: 'PAGE_CACHE_MB must be a whole number from 1 to 4096' })
    .int('PAGE_CACHE_MB must be a whole number from 1 to 4096')
    .min(1, 'PAGE_CACHE_MB must be a whole number from 1 to 4096')
    .max(4096, 'PAGE_CACHE_MB must be a whole number from 1 to 4096')
    .default(64),
  REDIS_URL: z
    .url({ error: 'REDIS_URL must be a redis:// URL' })
    .refine((url) => /^rediss?:\/\//.test(url), 'REDIS_URL must be a redis:// URL')
    .optional(),
  SMTP_URL: z.url({ error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('CrewBase <no-reply@crewbase.app>'),
  /** Where the contact form's messages go. */
  CONTACT_EMAIL: z.email({ error: 'CONTACT_EMAIL must be an email address' }).default('hello@crewbase.app'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  TWITTER_CLIENT_ID: z.string().min(1).optional(),
  TWITTER_CLIENT_SECRET: z.string().min(1).optional(),
  /** Set both to take payments with Stripe; unset, the built-in demo checkout (no money moves). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_')
    .optional(),
  /**
   * 1: the demo checkout (no money moves) on purpose, on an external database. Unneeded on the
   * embedded one, where the demo is the default; with DATABASE_URL and no Stripe keys the server
   * does not start without it (paymentsProblem).
   */
  DEMO_PAYMENTS: z.enum(['0', '1'], { error: 'DEMO_PAYMENTS must be 1 or 0' }).optional(),
  /** Multiplies every server rate limit; the browser tests raise it because one IP plays many users. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /** Set to serve Prometheus metrics at /metrics to `Authorization: Bearer <token>`; unset, /metrics is a 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** STORAGE_URL, AWS_* and S3_*: where uploads are stored (uploads/storage-config.ts, ADR 031). */
  ...storageEnv,
});

/**
 * The names of the cookies that sign a browser in. Behind https they carry the `__Host-` prefix:
 * the browser then only accepts them Secure, for Path=/ and without a Domain, so a sibling
 * subdomain or a plain-http page cannot plant or replace them. Over http the prefix would make the
 * browser refuse them, so they keep the plain names.
 */
export interface CookieNames {
  session: string;
  /** The signed "known device" cookie (crypto/device-cookie.ts). */
  knownDevice: string;
}

export function cookieNames(publicUrl: URL): CookieNames {
  const prefix = publicUrl.protocol === 'https:' ? '__Host-' : '';
  return { session: `${prefix}crewbase_session`, knownDevice: `${prefix}crewbase_device` };
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  /** The AES-256 key that seals TOTP secrets at rest (crypto/secret-box.ts). */
  totpKey: Buffer;
  logLevel: string;
  publicUrl: URL;
  cookies: CookieNames;
  trustProxy: TrustProxy;
  /**
   * Which page origins may open a realtime socket: `servedFrom` accepts the origin the request
   * itself was addressed to (PUBLIC_URL unset: the app answers at any address), `listed` these.
   */
  allowedOrigins: { servedFrom: boolean; listed: readonly string[] };
  dataDir: string;
  clientDist: string;
  /** auto: load demo crew into an empty embedded database only. */
  seedDemo: 'auto' | 'always' | 'never';
  /** The app pool's connections; the LISTEN connection (without Redis) is one more. */
  databasePoolSize: number;
  /** PAGE_CACHE_MB: the byte budget of the public page caches, in MB. */
  pageCacheMb: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  oauth: { google?: OAuthClientConfig; facebook?: OAuthClientConfig; twitter?: OAuthClientConfig };
  rateLimitMultiplier: number;
  /** The bearer token /metrics asks for; undefined: no /metrics. */
  metricsToken: string | undefined;
  /** Where uploads are stored: DATA_DIR/uploads, or STORAGE_URL's bucket. */
  storage: StorageConfig;
  /** Stripe takes payments when configured; otherwise the demo provider does. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** DEMO_PAYMENTS=1: the demo provider chosen on purpose (see paymentsProblem). */
  demoPayments: boolean;
}

function oauthClient(id: string | undefined, secret: string | undefined): OAuthClientConfig | undefined {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    // Without the webhook secret no payment would ever be confirmed: refuse half a configuration.
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    totpKey: Buffer.from(e.TOTP_ENCRYPTION_KEY ?? persistentKey(dataDir), 'base64'),
    logLevel: e.LOG_LEVEL,
    publicUrl,
    cookies: cookieNames(publicUrl),
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: {
      servedFrom: e.PUBLIC_URL === undefined,
      listed: [...new Set([publicUrl.origin, ...e.ALLOWED_ORIGINS])],
    },
    dataDir,
    clientDist: path.resolve(e.CLIENT_DIST),
    seedDemo: e.SEED_DEMO,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pageCacheMb: e.PAGE_CACHE_MB,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    oauth: {
      google: oauthClient(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      facebook: oauthClient(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
      twitter: oauthClient(e.TWITTER_CLIENT_ID, e.TWITTER_CLIENT_SECRET),
    },
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    metricsToken: e.METRICS_TOKEN,
    storage: storageConfig(e, dataDir),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    demoPayments: e.DEMO_PAYMENTS === '1',
  };
}

/**
 * Demo payments never pass for money: on its embedded database (a local try-out, `npm start`)
 * the app takes demo payments by default, but a server on an external database (a deployment)
 * without Stripe keys does not start unless DEMO_PAYMENTS=1 says the demo is meant. Checked by
 * main.ts when the server starts; tests that build the app directly are not a deployment.
 */
export function paymentsProblem(
  config: Pick<AppConfig, 'databaseUrl' | 'stripe' | 'demoPayments'>,
): string | null {
  if (config.databaseUrl === undefined || config.stripe || config.demoPayments) return null;
  return (
    'Invalid configuration:\n  DATABASE_URL is set but no Stripe keys are: set STRIPE_SECRET_KEY and ' +
    'STRIPE_WEBHOOK_SECRET to take payments, or DEMO_PAYMENTS=1 to run the demo checkout (no money moves) on purpose'
  );
}

/** A secret generated on first start and kept under the data directory, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The TOTP sealing key, generated on first start and kept under the data directory beside the
 * session secret. Without it no code can be checked (members with two-factor sign-in are left
 * with their recovery codes), so instances that share a database share it: TOTP_ENCRYPTION_KEY,
 * or the same DATA_DIR.
 */
function persistentKey(dataDir: string): string {
  const file = path.join(dataDir, 'totp-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (!isSecretKey(key))
      throw new Error(`Invalid configuration:\n  ${file} does not hold a 32-byte base64 key`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(SECRET_KEY_BYTES).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

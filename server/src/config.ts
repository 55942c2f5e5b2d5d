import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  /** Multiplies every server rate limit; the browser tests raise it because one IP plays many users. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /** Set to serve Prometheus metrics at /metrics to `Authorization: Bearer <token>`; unset, /metrics is a 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

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
  logLevel: string;
  publicUrl: URL;
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
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  oauth: { google?: OAuthClientConfig; facebook?: OAuthClientConfig; twitter?: OAuthClientConfig };
  rateLimitMultiplier: number;
  /** The bearer token /metrics asks for; undefined: no /metrics. */
  metricsToken: string | undefined;
  /** Stripe takes payments when configured; otherwise the demo provider does. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
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
    logLevel: e.LOG_LEVEL,
    publicUrl,
    allowedOrigins: {
      servedFrom: e.PUBLIC_URL === undefined,
      listed: [...new Set([publicUrl.origin, ...e.ALLOWED_ORIGINS])],
    },
    dataDir,
    clientDist: path.resolve(e.CLIENT_DIST),
    seedDemo: e.SEED_DEMO,
    databasePoolSize: e.DATABASE_POOL_SIZE,
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
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
  };
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

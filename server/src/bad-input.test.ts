import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { newUser, TestBrowser } from '../test/client.ts';
import { createTestDatabase } from '../test/helpers.ts';

/**
 * Scenario 6 of issue 21: every JSON route of the API, sent hostile values derived from its own
 * schemas (NUL bytes, lone surrogates, huge strings, wrong types, deep nesting, negative and huge
 * ids, prototype-pollution keys), signed in as a Premium member with a valid CSRF token. Every
 * answer must be a 4xx with a message, never a 5xx, and no table may gain or lose a row.
 *
 * Each hostile value goes into one field at a time while the other fields hold valid values, so it
 * is that value the server must refuse. The cases are fixed (no randomness): a failure names the
 * route, the field and the value, and reruns the same way.
 */

type Json = { [key: string]: unknown };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface FuzzRoute {
  method: Method;
  url: string;
  body: Json | null;
  /** The body's zod schema, to ask whether it takes null for a field (a pipe hides that from JSON Schema). */
  bodyZod: z.ZodType | null;
  querystring: Json | null;
  params: Json | null;
}

interface Case {
  route: FuzzRoute;
  what: string;
  url: string;
  payload?: string;
}

const HUGE_STRING = 'x'.repeat(100_000);
const DEEP = 3_000;

function jsonSchema(schema: unknown): Json | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;
}

/** The branch of a nullable/union schema that is not `null`, and whether null is allowed. */
function unwrap(schema: Json): { schema: Json; nullable: boolean } {
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (!branches) return { schema, nullable: schema.type === 'null' };
  const nonNull = branches.filter((branch) => branch.type !== 'null');
  return { schema: nonNull[0] ?? {}, nullable: nonNull.length < branches.length };
}

/** A value the schema accepts (as far as its JSON Schema says), to hold the other fields valid. */
function validValue(input: Json): unknown {
  const { schema } = unwrap(input);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'email') return 'fuzz@example.com';
      if (typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}-\\d{2}-\\d{2}'))
        return '2031-06-01';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
      return 'Fuzzed text value '
        .repeat(Math.ceil(Math.max(min, 12) / 18))
        .slice(0, Math.min(max, Math.max(min, 18)));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return typeof schema.maximum === 'number'
        ? Math.min(Math.max(min, 1), schema.maximum)
        : Math.max(min, 1);
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = (schema.items ?? {}) as Json;
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: min }, () => validValue(items));
    }
    case 'object':
      return validObject(schema);
    default:
      return 'x';
  }
}

function validObject(schema: Json): Json {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const value: Json = {};
  for (const [key, property] of Object.entries(properties)) {
    if (required.has(key)) value[key] = validValue(property);
  }
  return value;
}

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** Values no field of this JSON Schema may accept (`takesNull`: the field's zod schema says null is fine). */
function hostileValues(input: Json, takesNull = false): Array<[string, unknown]> {
  const { schema, nullable } = unwrap(input);
  const values: Array<[string, unknown]> = [];
  const typed =
    Array.isArray(schema.enum) ||
    ['string', 'integer', 'number', 'boolean', 'array'].includes(String(schema.type));
  if (!typed) return values;
  if (!nullable && !takesNull) values.push(['null', null]);
  values.push(['an object', { $gt: '' }], ['deep nesting', nested(DEEP)]);
  if (Array.isArray(schema.enum)) {
    values.push(['an unknown option', 'not-an-option\u0000'], ['a number', 12345]);
    return values;
  }
  switch (schema.type) {
    case 'string':
      values.push(
        ['a NUL byte', '\u0000bad'],
        ['a NUL byte inside', `good${'\u0000'}text that is long enough`],
        ['a lone high surrogate', 'Fuzzed text value \uD800 end'],
        ['a lone low surrogate', '\uDC00Fuzzed text value'],
        ['a huge string', HUGE_STRING],
        ['a number', 12345],
        ['a boolean', true],
        ['an array of strings', ['a', 'b']],
      );
      break;
    case 'integer':
    case 'number':
      values.push(
        ['a huge number', 1e20],
        ['a numeric string with letters', '12abc'],
        ['an array', [1]],
        ['NaN as text', 'NaN'],
      );
      if (schema.type === 'integer') values.push(['a fraction', 1.5], ['past int4', 2_147_483_648]);
      if (typeof schema.minimum === 'number' || typeof schema.exclusiveMinimum === 'number') {
        values.push(['a negative number', -1]);
      }
      break;
    case 'boolean':
      values.push(['a string', 'maybe'], ['a number', 2]);
      break;
    case 'array': {
      values.push(['a string', 'not-a-list']);
      const items = (schema.items ?? {}) as Json;
      const itemValues = hostileValues(items).filter(([what]) => what !== 'deep nesting');
      for (const [what, value] of itemValues.slice(0, 4)) values.push([`a list holding ${what}`, [value]]);
      if (typeof schema.maxItems === 'number') {
        values.push(['too many items', Array.from({ length: schema.maxItems + 1 }, () => validValue(items))]);
      }
      break;
    }
  }
  return values;
}

/** Path-parameter values no route may accept (or must answer 404 for). */
const HOSTILE_PARAMS: Array<[string, string]> = [
  ['a negative id', '-1'],
  ['zero', '0'],
  ['a huge id', '99999999999999999999'],
  ['past int4', '2147483648'],
  ['a fraction', '1.5'],
  ['letters', 'abc'],
  ['a NUL byte', '%00'],
  ['an encoded lone surrogate', '%ED%A0%80'],
  ['invalid UTF-8', '%FF'],
  ['a long value', 'x'.repeat(300)],
];

/** Query-string values, already encoded, for a field of the given JSON Schema. */
function hostileQueryValues(input: Json): Array<[string, string]> {
  const { schema } = unwrap(input);
  // An escape that does not decode (`%FF`) is kept as literal text by the query parser: a valid string.
  const values: Array<[string, string]> = [['a NUL byte', 'bad%00']];
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push(['a huge number', '1e20'], ['letters', '12abc']);
    if (schema.type === 'integer') values.push(['a fraction', '1.5'], ['past int4', '2147483648']);
    if (typeof schema.minimum === 'number' || typeof schema.exclusiveMinimum === 'number') {
      values.push(['a negative number', '-1']);
    }
  } else if (Array.isArray(schema.enum)) {
    values.push(['an unknown option', 'not-an-option']);
  } else if (schema.type === 'string' && typeof schema.maxLength === 'number') {
    values.push(['a long string', 'x'.repeat(schema.maxLength + 1)]);
  }
  return values;
}

function fillPath(url: string, params: Json | null, override?: [string, string]): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    if (override && override[0] === name) return override[1];
    const property = (params?.properties as Record<string, Json> | undefined)?.[name];
    return encodeURIComponent(String(property ? validValue(property) : '1'));
  });
}

function queryString(values: Json): string {
  const parts = Object.entries(values).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`,
  );
  return parts.join('&');
}

function withQuery(url: string, query: string): string {
  return query ? `${url}?${query}` : url;
}

function casesFor(route: FuzzRoute): Case[] {
  const cases: Case[] = [];
  const validQuery = route.querystring ? queryString(validObject(route.querystring)) : '';
  const url = withQuery(fillPath(route.url, route.params), validQuery);
  const validBody = route.body ? validObject(route.body) : {};

  if (route.body) {
    const properties = (route.body.properties ?? {}) as Record<string, Json>;
    const shape = (route.bodyZod as { shape?: Record<string, z.ZodType> } | null)?.shape ?? {};
    for (const [field, property] of Object.entries(properties)) {
      const takesNull = shape[field]?.safeParse(null).success ?? false;
      for (const [what, value] of hostileValues(property, takesNull)) {
        cases.push({
          route,
          what: `body.${field} = ${what}`,
          url,
          payload: JSON.stringify({ ...validBody, [field]: value }),
        });
      }
    }
    const validJson = JSON.stringify(validBody).slice(1, -1);
    const rest = validJson ? `,${validJson}` : '';
    cases.push(
      { route, what: 'a list as the body', url, payload: '[]' },
      { route, what: 'a string as the body', url, payload: '"text"' },
      { route, what: 'malformed JSON', url, payload: '{"a":' },
      { route, what: 'deeply nested JSON', url, payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
      { route, what: 'an extra __proto__ key', url, payload: `{"__proto__":{"isAdmin":true}${rest}}` },
      {
        route,
        what: 'an extra constructor.prototype key',
        url,
        payload: `{"constructor":{"prototype":{"isAdmin":true}}${rest}}`,
      },
    );
  }
  if (route.querystring) {
    const properties = (route.querystring.properties ?? {}) as Record<string, Json>;
    const base = validObject(route.querystring);
    for (const [field, property] of Object.entries(properties)) {
      const others = queryString(Object.fromEntries(Object.entries(base).filter(([key]) => key !== field)));
      for (const [what, value] of hostileQueryValues(property)) {
        const query = [others, `${encodeURIComponent(field)}=${value}`].filter(Boolean).join('&');
        cases.push({
          route,
          what: `query ${field} = ${what}`,
          url: withQuery(fillPath(route.url, route.params), query),
          payload: route.body ? JSON.stringify(validBody) : undefined,
        });
      }
    }
  }
  if (route.params) {
    for (const name of Object.keys((route.params.properties ?? {}) as Json)) {
      for (const [what, value] of HOSTILE_PARAMS) {
        cases.push({
          route,
          what: `param ${name} = ${what}`,
          url: withQuery(fillPath(route.url, route.params, [name, value]), validQuery),
          payload: route.body ? JSON.stringify(validBody) : undefined,
        });
      }
    }
  }
  return cases;
}

/** Rows per table, in one statement (it runs after every route). */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts = sql.join(
    tables.rows.map(
      ({ name }) => sql`select ${name} as name, count(*)::int as n from ${sql.identifier(name)}`,
    ),
    sql` union all `,
  );
  const result = await db.execute<{ name: string; n: number }>(counts);
  return Object.fromEntries(result.rows.map(({ name, n }) => [name, n]));
}

describe('bad input on every JSON route (issue 21, scenario 6)', () => {
  const routes: FuzzRoute[] = [];
  let app: FastifyInstance;
  let db: Database;
  let browser: TestBrowser;
  let myId: number;

  beforeAll(async () => {
    const { url, handle } = await createTestDatabase();
    db = handle.db;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'crewbase-fuzz-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      RATE_LIMIT_MULTIPLIER: '1000000',
    });
    const seen: RouteOptions[] = [];
    app = await buildApp({
      config,
      databaseUrl: url,
      logger: false,
      onRoute: (route) => void seen.push(route),
    });
    for (const route of seen) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]) as string[];
      if (!route.url.startsWith('/api/')) continue;
      if ((route as { websocket?: boolean }).websocket) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const method of methods) {
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        routes.push({
          method: method as Method,
          url: route.url,
          body: jsonSchema(schema.body),
          bodyZod: jsonSchema(schema.body) ? (schema.body as z.ZodType) : null,
          querystring: jsonSchema(schema.querystring),
          params: jsonSchema(schema.params),
        });
      }
    }

    browser = new TestBrowser(app);
    const registered = await browser.register(newUser('fuzz'));
    expect(registered.statusCode).toBe(201);
    myId = registered.json().id;
    const checkout = await browser.request('POST', '/api/subscription/checkout', {
      body: { plan: 'monthly' },
    });
    const session = new URL(checkout.json().url, 'http://localhost').searchParams.get('session') as string;
    const completed = await browser.request('POST', '/api/subscription/demo/complete', { body: { session } });
    expect(completed.statusCode).toBe(200);
    // Someone to point ids at: a second member with a profile.
    const other = new TestBrowser(app, '127.0.0.2');
    expect((await other.register(newUser('fuzzed'))).statusCode).toBe(201);
  });
  afterAll(() => app?.close());

  it('finds the API routes and their schemas', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((route) => route.body).length).toBeGreaterThan(25);
    expect(routes.some((route) => route.method === 'POST' && route.url === '/api/users/:id/tags')).toBe(true);
  });

  it('refuses a NUL byte in a profile tag with a 400 and its message', async () => {
    const response = await browser.request('POST', `/api/users/${myId}/tags`, { body: { tag: '\u0000bad' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message: 'Text cannot contain NUL characters' });
  });

  it('answers every hostile value with a 4xx and a message, and writes nothing', async () => {
    const before = await rowCounts(db);
    const failures: string[] = [];
    let sent = 0;
    let counts = before;
    for (const route of routes) {
      for (const c of casesFor(route)) {
        const headers: Record<string, string> = {};
        if (c.payload !== undefined && route.method !== 'GET') headers['content-type'] = 'application/json';
        const response = await browser.request(route.method, c.url, {
          headers,
          ...(c.payload !== undefined && route.method !== 'GET' ? { rawBody: c.payload } : {}),
        });
        sent += 1;
        let message: unknown;
        try {
          const body = response.json();
          message = body?.error?.message ?? body?.message;
        } catch {
          message = undefined;
        }
        const ok =
          response.statusCode >= 400 && response.statusCode < 500 && typeof message === 'string' && message;
        if (!ok) {
          failures.push(
            `${route.method} ${route.url}: ${c.what} → ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
      const after = await rowCounts(db);
      for (const [table, n] of Object.entries(after)) {
        if (counts[table] !== n)
          failures.push(`${route.method} ${route.url} changed ${table}: ${counts[table]} → ${n} rows`);
      }
      counts = after;
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(await rowCounts(db)).toEqual(before);
    // A limit against a hang, not a measure of speed: over a thousand requests, each followed by a
    // count of every table, take 10-20 s on a loaded two-core machine.
  }, 90_000);
});

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { OpenApiValidator } from '../../test/openapi-validator.ts';
import { OPENAPI_EXAMPLES } from './openapi-examples.ts';
import {
  isUndocumentedRoute,
  type OperationKey,
  PUBLIC_OPERATIONS,
  SUMMARIES,
} from './openapi-operations.ts';

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  tags?: string[];
  security?: Json[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, Json & { content?: Record<string, { schema: Json; example?: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Json;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

describe('the OpenAPI document (issue 37)', () => {
  let t: TestApp;
  let doc: Document;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}` as OperationKey,
        op,
      })),
    );

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('has exactly the routes the server has, less staff, webhook and internal ones', () => {
    const served = new Set<string>();
    for (const route of routes) {
      if (isUndocumentedRoute(route.url)) continue;
      for (const method of [route.method].flat()) {
        if (METHODS.has(method)) served.add(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
    const documented = new Set<string>(operations().map(({ key }) => key));
    expect([...served].filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !served.has(key))).toEqual([]);
    for (const left of ['/api/admin/users', '/api/webhooks/stripe', '/api/subscription/demo/complete']) {
      expect(doc.paths[left]).toBeUndefined();
    }
  });

  it('gives every operation a summary, a tag, security and a described answer', () => {
    const missing: string[] = [];
    for (const { key, op } of operations()) {
      if (!op.summary) missing.push(`${key}: no summary (add it to SUMMARIES in openapi-operations.ts)`);
      if (!op.tags?.length) missing.push(`${key}: no tag (add a rule to TAG_RULES)`);
      if (!op.security) missing.push(`${key}: no security`);
      const success = Object.keys(op.responses).filter((status) => /^[23]/.test(status));
      if (success.length === 0) missing.push(`${key}: no success answer (give the route a response schema)`);
    }
    expect(missing).toEqual([]);
    // Entries for routes that are gone; the access-token routes land with their own change.
    const documented = new Set(operations().map(({ key }) => key));
    const stale = Object.keys(SUMMARIES).filter(
      (key) => !documented.has(key as OperationKey) && !key.includes('/api/account/tokens'),
    );
    expect(stale).toEqual([]);
  });

  it('declares the error answers where they apply', () => {
    const search = doc.paths['/api/search']?.get;
    expect(Object.keys(search?.responses ?? {}).sort()).toEqual(['200', '400', '429', 'default']);
    expect(search?.security).toEqual([]);
    const send = doc.paths['/api/conversations/{id}/messages']?.post;
    expect(Object.keys(send?.responses ?? {}).sort()).toEqual(
      ['201', '400', '401', '403', '404', '409', '429', 'default'].sort(),
    );
    expect(send?.security).toEqual([{ session: [], csrf: [] }, { bearer: [] }]);
    // Tokens never reach account security or payments: only the browser session is offered there.
    expect(doc.paths['/api/account/password']?.post?.security).toEqual([{ session: [], csrf: [] }]);
    expect(doc.paths['/api/roles']?.get?.responses['429']).toBeUndefined();
    const schemas = doc.components.schemas as Json;
    expect(schemas.Error).toMatchObject({ required: ['error'] });
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie' },
      csrf: { type: 'apiKey', in: 'header', name: 'CSRF-Token' },
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'cb_pat_…' },
    });
  });

  it('has an example for each public call, and each example matches its schema', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(doc as unknown as Json, 'openapi.json');
    const without: string[] = [];
    const wrong: string[] = [];
    for (const key of PUBLIC_OPERATIONS) {
      const example = OPENAPI_EXAMPLES[key];
      if (!example) {
        without.push(key);
        continue;
      }
      const [method = '', path = ''] = key.split(' ');
      const pointer = `openapi.json#/paths/${path.replaceAll('/', '~1')}/${method.toLowerCase()}`;
      const parameters = (
        doc.paths[path]?.[method.toLowerCase()] as { parameters?: { name: string }[] } | undefined
      )?.parameters;
      for (const name of Object.keys(example.query ?? {})) {
        if (!parameters?.some((parameter) => parameter.name === name))
          wrong.push(`${key}: no parameter ${name}`);
      }
      if (example.request !== undefined) {
        const validate = ajv.compile({ $ref: `${pointer}/requestBody/content/application~1json/schema` });
        if (!validate(example.request)) wrong.push(`${key} request: ${ajv.errorsText(validate.errors)}`);
      }
      if (example.response !== undefined) {
        const [status, body] = example.response;
        const validate = ajv.compile({
          $ref: `${pointer}/responses/${status}/content/application~1json/schema`,
        });
        if (!validate(body)) wrong.push(`${key} ${status}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(without).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('has a validator that refuses an answer the document does not describe', async () => {
    const validator = new OpenApiValidator(doc as never);
    const res = await t.app.inject({ method: 'GET', url: '/api/roles/crew-counts' });
    expect(() => validator.check('GET', '/api/roles/crew-counts', res)).not.toThrow();
    const forged = { ...res, body: '{"nope":1}', json: () => ({ nope: 1 }) } as typeof res;
    expect(() => validator.check('GET', '/api/roles/crew-counts', forged)).toThrow(
      /does not match the document/,
    );
    expect(validator.routeOf('GET', '/api/users/top-rated?limit=3')?.path).toBe('/api/users/top-rated');
    expect(validator.routeOf('GET', '/api/users/12')?.path).toBe('/api/users/{id}');
  });

  it("runs the README's curl examples", async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split('\n## API\n')[1]?.split('\n## ')[0] ?? '';
    const lines = section.split('\n').filter((line) => line.startsWith('curl '));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      const address = line.match(/'?(http:\/\/localhost:3000[^'\s]*)'?/)?.[1];
      expect(address, line).toBeDefined();
      const url = new URL(address ?? '');
      const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(res.statusCode, line).toBe(200);
      expect(res.headers['content-type'], line).toMatch(/^application\/json/);
      expect(() => res.json()).not.toThrow();
    }
  });
});

describe('/api/docs (issue 37)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('serves the reference page, its script from here, and a CSP that admits only its own inline script', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/api/docs/');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/openapi.json');
    expect(page.body).not.toMatch(/https?:\/\/cdn/);
    const csp = String(page.headers['content-security-policy']);
    const inline = page.body.match(/<script type="text\/javascript">([\s\S]*?)<\/script>/)?.[1] ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline';script");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // Compressed once and kept: the same bytes again, decoding to the whole bundle.
    const headers = { 'accept-encoding': 'br, gzip' };
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js', headers });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script.body);
    const again = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js', headers });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('leaves the rest of the site under the strict CSP, and the API under one that allows nothing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/about' });
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self';/);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});

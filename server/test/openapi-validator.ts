import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Json = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: { responses: Record<string, Json> };
}

/**
 * Responses the document does not describe yet (issue 37, ADR 035): `METHOD /path status`, each a
 * known gap to close by fixing the route's schema, never by widening the document.
 */
export const KNOWN_GAPS = new Set<string>([]);

interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
}

/**
 * Checks an answer against the OpenAPI document (issue 37): the schema for its route, method and
 * status, with ajv. An answer that does not match throws, which fails the test that got it. Only
 * JSON answers of documented routes are checked; other routes (staff, pages, media) pass untouched.
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly routes: Route[];
  private readonly compiled = new Map<string, ValidateFunction | null>();

  constructor(private readonly document: Document) {
    this.ajv.addSchema(document as unknown as Json, 'openapi.json');
    this.routes = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => ({
          method: method.toUpperCase(),
          path,
          pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replaceAll('.', '\\.')}$`),
          params: (path.match(/\{/g) ?? []).length,
        })),
      )
      // A fixed segment wins over a parameter, as in Fastify's router: /api/users/top-rated, not {id}.
      .sort((a, b) => a.params - b.params);
  }

  /** The documented route an address reaches, or undefined (an undocumented or unknown route). */
  routeOf(method: string, url: string): Route | undefined {
    const path = decodeURI(url.split('?')[0] ?? '');
    return this.routes.find((route) => route.method === method && route.pattern.test(path));
  }

  check(method: string, url: string, response: LightMyRequestResponse): void {
    if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return;
    const route = this.routeOf(method, url);
    if (!route) return;
    const status = String(response.statusCode);
    const where = `${method} ${route.path} ${status}`;
    if (KNOWN_GAPS.has(where)) return;
    const validate = this.validatorFor(route, status);
    if (validate === null) {
      throw new Error(`OpenAPI: ${where} answered JSON, but the document has no JSON answer for it`);
    }
    const body = decoded(response);
    if (!validate(JSON.parse(body))) {
      const errors = this.ajv.errorsText(validate.errors, { dataVar: 'body' });
      throw new Error(`OpenAPI: ${where} does not match the document: ${errors}\n${body.slice(0, 500)}`);
    }
  }

  private validatorFor(route: Route, status: string): ValidateFunction | null {
    const key = `${route.method} ${route.path} ${status}`;
    if (this.compiled.has(key)) return this.compiled.get(key) ?? null;
    const responses = this.document.paths[route.path]?.[route.method.toLowerCase()]?.responses ?? {};
    const code = status in responses ? status : 'default';
    let response = responses[code];
    let pointer = `#/paths/${pointerSegment(route.path)}/${route.method.toLowerCase()}/responses/${code}`;
    const reference = response?.$ref;
    if (typeof reference === 'string') {
      const name = reference.split('/').pop() ?? '';
      response = this.document.components.responses[name];
      pointer = `#/components/responses/${pointerSegment(name)}`;
    }
    const hasJson = (response?.content as Json | undefined)?.['application/json'] !== undefined;
    const validate = hasJson
      ? this.ajv.compile({ $ref: `openapi.json${pointer}/content/application~1json/schema` })
      : null;
    this.compiled.set(key, validate);
    return validate;
  }
}

/** The body as text, uncompressed when the test asked for it compressed. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** A JSON pointer segment: `/api/users/{id}` → `~1api~1users~1{id}`. */
function pointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

let shared: Promise<OpenApiValidator> | undefined;

/** The validator of this test process: the document is the same for every app built alike. */
export function openApiValidator(app: Pick<FastifyInstance, 'inject'>): Promise<OpenApiValidator> {
  shared ??= app.inject({ method: 'GET', url: '/api/openapi.json' }).then((response) => {
    if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
    return new OpenApiValidator(response.json());
  });
  return shared;
}

/**
 * Makes every `app.inject()` of this app (the TestBrowser's too) check its answer against the
 * document, so the whole server suite keeps the document honest.
 */
export function validateResponses(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const unchecked = { inject } as unknown as Pick<FastifyInstance, 'inject'>;
  const checked = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const response = await inject(options);
    const { method = 'GET', url = '/' } = typeof options === 'string' ? { url: options } : options;
    const target = typeof url === 'string' ? url : `${url.pathname ?? '/'}`;
    (await openApiValidator(unchecked)).check(String(method).toUpperCase(), target, response);
    return response;
  };
  (app as unknown as { inject: typeof checked }).inject = checked;
}

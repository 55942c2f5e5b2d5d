import { z } from 'zod';
import { portfolioLinkRequest } from '#common/schemas/profiles';
import { roleListResponse } from '#common/schemas/roles';
import { OPENAPI_EXAMPLES } from './openapi-examples.ts';
import {
  mayConflict,
  type OperationKey,
  PUBLIC_OPERATIONS,
  ROUTE_FACTS,
  SUMMARIES,
  TAGS,
  tagOf,
} from './openapi-operations.ts';

type Json = Record<string, unknown>;
interface Operation extends Json {
  parameters?: { in: string; name: string }[];
  requestBody?: Json;
  responses: Record<string, Json>;
}
export interface OpenApiDocument extends Json {
  paths: Record<string, Record<string, Operation>>;
  components: Json & { schemas?: Json; responses?: Json; securitySchemes?: Json };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const errorSchema = {
  type: 'object',
  description: 'The one error shape of the API.',
  properties: {
    error: {
      type: 'object',
      properties: {
        message: { type: 'string', description: 'What went wrong, in words fit to show.' },
        timestamp: { type: 'string', format: 'date-time' },
        fields: {
          type: 'object',
          description: 'For a 400: the message of each field that did not validate, by field name.',
          additionalProperties: { type: 'string' },
        },
      },
      required: ['message', 'timestamp'],
      additionalProperties: false,
    },
  },
  required: ['error'],
  additionalProperties: false,
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const RESPONSES = {
  BadRequest: errorResponse('The request did not validate: `fields` names each field that failed.'),
  Unauthorized: errorResponse('Not signed in, or the access token is revoked or expired.'),
  Forbidden: errorResponse(
    'Not allowed: a missing or stale CSRF token, a read-only access token, or not yours to change.',
  ),
  NotFound: errorResponse('No such thing, or not one you may see.'),
  Conflict: errorResponse('The current state does not allow it (already done, a duplicate, withdrawn).'),
  TooManyRequests: {
    description: 'Too many requests: wait for `Retry-After` seconds.',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/RateLimited' } } },
  },
  Error: errorResponse('Any other failure, such as 503 while the database is unavailable.'),
};

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: it will happen shortly.',
  204: 'Done.',
  503: 'Not ready.',
};

const ref = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });

const toSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dropped, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return json;
};

const file = (type: string, description: string) => ({
  200: { description, content: { [type]: { schema: { type: 'string', contentMediaType: type } } } },
});
const redirect = (description: string) => ({
  302: { description, headers: { Location: { schema: { type: 'string' } } } },
});
const html = (description: string) => ({
  content: { 'text/html': { schema: { type: 'string' } } },
  description,
});
const noContent = { 204: { description: 'Done.' } };
const upload = (fields: Json) => ({
  'multipart/form-data': {
    schema: {
      type: 'object',
      properties: { file: { type: 'string', contentMediaType: 'image/*' }, ...fields },
      required: ['file'],
    },
  },
});

/**
 * Answers of routes that stream, redirect or send precompressed bytes, which have no response
 * schema for Fastify to serialise with; and the multipart uploads, whose bodies Fastify does not parse.
 */
const NOT_FROM_SCHEMAS: Partial<Record<OperationKey, Partial<Operation>>> = {
  'GET /api/roles': {
    responses: {
      200: {
        description: 'The catalogue.',
        content: { 'application/json': { schema: toSchema(roleListResponse, 'output') } },
      },
    },
  },
  'POST /api/logout': { responses: noContent },
  'GET /api/logout': { responses: redirect('Signed out; on to the home page.') },
  'GET /api/auth/{provider}/login': { responses: redirect("On to the provider's sign-in page.") },
  'GET /api/auth/{provider}/callback': {
    responses: redirect('Signed in (or back to /auth with the reason).'),
  },
  'DELETE /api/saved-searches/{id}': { responses: noContent },
  'GET /api/payments/{paymentId}/invoice': { responses: file('application/pdf', 'The invoice.') },
  'GET /api/users/{id}/calendar.ics': { responses: file('text/calendar', 'The iCalendar feed.') },
  'GET /api/account/export': { responses: file('application/zip', "The member's data.") },
  'GET /api/email/unsubscribe': {
    responses: { 200: html('Unsubscribed.'), 400: html('The link is not valid.') },
  },
  'POST /api/email/resubscribe': {
    responses: { 200: html('Subscribed again.'), 400: html('The link is not valid.') },
  },
  'POST /api/users/{id}/avatar': { requestBody: { required: true, content: upload({}) } },
  'POST /api/users/{id}/portfolio': {
    requestBody: {
      required: true,
      description: 'An image upload, or a video link as JSON.',
      content: {
        ...upload({ title: { type: 'string' }, description: { type: 'string' } }),
        'application/json': { schema: toSchema(portfolioLinkRequest, 'input') },
      },
    },
  },
};

/** Fills in what a route's schemas do not say: summary, tag, security, the error answers, examples. */
export function describeOperations(document: OpenApiDocument): OpenApiDocument {
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}` as OperationKey;
      const facts = (operation[ROUTE_FACTS] ?? { rateLimited: true, csrf: true, acceptsTokens: false }) as {
        rateLimited: boolean;
        csrf: boolean;
        acceptsTokens: boolean;
      };
      delete operation[ROUTE_FACTS];
      const tag = tagOf(path);
      if (tag) {
        operation.tags = [tag];
        usedTags.add(tag);
      }
      const summary = SUMMARIES[key];
      if (summary) operation.summary = summary;
      operation.operationId = operationId(method, path);

      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.description === 'Default Response') response.description = STATUS_TEXT[status] ?? 'OK';
      }
      const extra = NOT_FROM_SCHEMAS[key];
      if (extra?.responses) {
        delete operation.responses['200'];
        Object.assign(operation.responses, extra.responses);
      }
      if (extra?.requestBody) operation.requestBody = extra.requestBody;

      const isPublic = PUBLIC_OPERATIONS.has(key);
      const isWrite = method !== 'get';
      operation.security = security(isPublic, isWrite && facts.csrf, facts.acceptsTokens);

      const errors: [string, keyof typeof RESPONSES, boolean][] = [
        ['400', 'BadRequest', isWrite || (operation.parameters ?? []).some((p) => p.in === 'query')],
        ['401', 'Unauthorized', !isPublic],
        ['403', 'Forbidden', (isWrite && facts.csrf) || !isPublic],
        ['404', 'NotFound', path.includes('{')],
        ['409', 'Conflict', mayConflict(method, path)],
        ['429', 'TooManyRequests', facts.rateLimited],
        ['default', 'Error', true],
      ];
      for (const [status, name, applies] of errors) {
        if (applies) operation.responses[status] ??= ref(name);
      }
      addExample(operation, key);
    }
  }
  document.tags = TAGS.filter((tag) => usedTags.has(tag.name));
  document.components.schemas = {
    ...document.components.schemas,
    Error: errorSchema,
    RateLimited: {
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
      additionalProperties: false,
    },
  };
  document.components.responses = RESPONSES;
  return document;
}

/**
 * Who may call: anyone (reads, and the CSRF-exempt signed links), anyone with a CSRF token (sign-up,
 * sign-in), or a member by session (with CSRF on writes) or, where tokens are let in, by token.
 */
function security(isPublic: boolean, csrfWrite: boolean, tokens: boolean): Json[] {
  if (isPublic) return csrfWrite ? [{ csrf: [] }] : [];
  const session = csrfWrite ? { session: [], csrf: [] } : { session: [] };
  return tokens ? [session, { bearer: [] }] : [session];
}

/** `get /api/users/{id}/reviews` → `getUsersIdReviews`: stable, unique, readable in generated clients. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return method + words.join('');
}

function addExample(operation: Operation, key: OperationKey) {
  const example = OPENAPI_EXAMPLES[key];
  if (!example) return;
  if (example.request !== undefined) {
    const media = (operation.requestBody?.content as Record<string, Json> | undefined)?.['application/json'];
    if (media) media.example = example.request;
  }
  if (example.query !== undefined) {
    for (const parameter of operation.parameters ?? []) {
      const value = example.query[parameter.name];
      if (value !== undefined) (parameter as Json).example = value;
    }
  }
  if (example.response !== undefined) {
    const [status, body] = example.response;
    const content = operation.responses[status]?.content as Record<string, Json> | undefined;
    const media = content?.['application/json'];
    if (media) media.example = body;
  }
}

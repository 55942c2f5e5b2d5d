import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): ParsedCookie {
  const [pair = '', ...parts] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const at = part.indexOf('=');
    if (at === -1) attributes[part.toLowerCase()] = true;
    else attributes[part.slice(0, at).toLowerCase()] = part.slice(at + 1);
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

export function setCookies(response: LightMyRequestResponse): ParsedCookie[] {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map(parseSetCookie);
}

/**
 * A browser for app.inject(): keeps cookies, fetches a CSRF token before a write the way the client
 * does, and comes from one IP address (rate limits and throttles count by network).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private csrfToken: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
    private readonly userAgent = 'CrewBase test browser',
  ) {}

  async request(
    method: Method,
    url: string,
    options: {
      body?: Record<string, unknown>;
      /** A body sent exactly as given (set its content-type in `headers`). */
      rawBody?: string;
      form?: MultipartForm;
      csrf?: boolean | string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...options.headers };
    if (method !== 'GET' && options.csrf !== false) {
      headers['csrf-token'] = typeof options.csrf === 'string' ? options.csrf : await this.token();
    }
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const request: InjectOptions = { method, url, headers, remoteAddress: this.ip };
    if (options.body) request.payload = options.body;
    if (options.rawBody !== undefined) request.payload = options.rawBody;
    if (options.form) {
      const { payload, contentType } = encodeMultipart(options.form);
      request.payload = payload;
      headers['content-type'] = contentType;
    }
    const response = await this.app.inject(request);
    for (const c of setCookies(response)) {
      const expired =
        c.attributes['max-age'] === '0' ||
        (typeof c.attributes.expires === 'string' && Date.parse(c.attributes.expires) < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  /** The CSRF token for this browser's current session (fetched again after sign-in or sign-out). */
  async token(): Promise<string> {
    if (!this.csrfToken) {
      const response = await this.request('GET', '/api/csrf-token');
      this.csrfToken = response.json().csrfToken as string;
    }
    return this.csrfToken;
  }

  forgetCsrfToken(): void {
    this.csrfToken = null;
  }

  async register(user: { username: string; email: string; password: string }) {
    const response = await this.request('POST', '/api/register', { body: user });
    this.forgetCsrfToken();
    return response;
  }

  async logout() {
    const response = await this.request('POST', '/api/logout');
    this.forgetCsrfToken();
    return response;
  }

  async login(username: string, password: string, rememberMe = false) {
    const response = await this.request('POST', '/api/login', { body: { username, password, rememberMe } });
    this.forgetCsrfToken();
    return response;
  }
}

export interface MultipartForm {
  fields?: Record<string, string>;
  file?: { name: string; type: string; bytes: Buffer };
}

/** multipart/form-data as a browser sends it: fields first, then the file. */
export function encodeMultipart(form: MultipartForm): { payload: Buffer; contentType: string } {
  const boundary = `----crewbase${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields ?? {})) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (form.file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${form.file.name}"\r\nContent-Type: ${form.file.type}\r\n\r\n`,
      ),
      form.file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

let counter = 0;
/** A fresh, valid sign-up: unique name and address, a password not on the common list. */
export function newUser(prefix = 'crew') {
  counter += 1;
  const tag = `${prefix}${process.pid % 1000}x${counter}`;
  return { username: tag, email: `${tag}@example.com`, password: 'gaffer-tape-42' };
}

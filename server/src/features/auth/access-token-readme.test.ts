import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { member } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 37: the README's personal-access-token curl lines, run with a real token, cannot go stale. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** One curl line as inject() options: its method, headers, body and address. */
function parseCurl(line: string, values: Record<string, string>) {
  const filled = line.replace(/\$(\w+)|\bME\b/g, (whole, name?: string) => values[name ?? 'ME'] ?? whole);
  const words = [...filled.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  let method = 'GET';
  let payload: string | undefined;
  const headers: Record<string, string> = {};
  let url = '';
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word === '-X') method = words[++i] ?? method;
    else if (word === '-H') {
      const [name, ...rest] = (words[++i] ?? '').split(':');
      headers[(name ?? '').toLowerCase()] = rest.join(':').trim();
    } else if (word === '-d') payload = words[++i];
    else if (word.startsWith('http://')) url = word;
  }
  const address = new URL(url);
  return { method, headers, payload, url: `${address.pathname}${address.search}` };
}

it("runs the README's curl lines with a token made on /account", async () => {
  const owner = await member(t.db, t.app);
  const created = await owner.browser.request('POST', '/api/account/tokens', {
    body: { name: 'README', scopes: ['read', 'write'] },
  });
  expect(created.statusCode).toBe(201);
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n## API: personal access tokens\n')[1]?.split('\n## ')[0] ?? '';
  const lines = section.split('\n').filter((line) => line.startsWith('curl '));
  expect(lines.length).toBeGreaterThanOrEqual(3);
  for (const line of lines) {
    const request = parseCurl(line, { CREWBASE_TOKEN: created.json().token, ME: String(owner.id) });
    expect(request.headers.authorization, line).toMatch(/^Bearer cb_pat_/);
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload ? { payload: request.payload } : {}),
    });
    expect(res.statusCode, `${line}\n${res.body}`).toBe(200);
  }
});

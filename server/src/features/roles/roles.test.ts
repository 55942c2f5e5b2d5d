import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CATALOGUE, ROLE_CATEGORIES, SPEC_ROLE_COUNT } from '#common/roles';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { loadRoleCatalogue } from './service.ts';

describe('GET /api/roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('answers the catalogue with category and icon, in catalogue order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles' });
    expect(res.statusCode).toBe(200);
    const roles = res.json();
    expect(roles).toHaveLength(ROLE_CATALOGUE.length);
    expect(roles.map((r: { name: string }) => r.name)).toEqual(ROLE_CATALOGUE.map((r) => r.name));
    expect(roles[0]).toEqual({
      id: expect.any(Number),
      name: 'Director',
      category: 'pre-production',
      icon: 'clapperboard',
    });
    for (const category of ROLE_CATEGORIES) {
      expect(roles.some((r: { category: string }) => r.category === category)).toBe(true);
    }
    expect(Object.keys(roles[0]).sort()).toEqual(['category', 'icon', 'id', 'name']);
  });

  it('keeps the 47 SPEC roles first, then lists the crew roles productions hire every day, with a department', async () => {
    const roles: { id: number; name: string; category: string; department?: string }[] = (
      await t.app.inject({ method: 'GET', url: '/api/roles' })
    ).json();
    expect(SPEC_ROLE_COUNT).toBe(47);
    const spec = roles.slice(0, SPEC_ROLE_COUNT);
    expect(spec.map((r) => r.name)).toEqual([
      ...['Director', 'Producer', 'Screenwriter', 'Casting Director', 'Location Scout'],
      ...[
        'Production Designer',
        'Storyboard Artist',
        'Production Manager',
        'Line Producer',
        'Assistant Director',
      ],
      ...['Cinematographer', 'Camera Operator', 'Gaffer', 'Grip', 'Sound Mixer', 'Boom Operator'],
      ...['Costume Designer', 'Makeup Artist', 'Hair Stylist', 'Set Decorator', 'Script Supervisor'],
      ...['Stunt Coordinator', 'Special Effects Supervisor'],
      ...['Editor', 'Composer', 'Sound Designer', 'VFX Artist', 'Colorist', 'Post-production Supervisor'],
      ...['Foley Artist', 'Motion Graphics Designer', 'Music Supervisor', 'Dialogue Editor'],
      ...['Lead Actor', 'Lead Actress', 'Supporting Actor', 'Supporting Actress', 'Character Actor'],
      ...['Child Actor', 'Voice Actor', 'Background Actor', 'Stunt Performer', 'Stand-in', 'Body Double'],
      ...['Featured Extra', 'Motion Capture Performer', 'Ensemble Cast Member'],
    ]);
    // SPEC roles keep their ids (the order they were first loaded in) and have no department.
    expect(spec.map((r) => r.id)).toEqual(spec.map((_, i) => i + 1));
    expect(spec.every((r) => r.department === undefined)).toBe(true);

    const added = roles.slice(SPEC_ROLE_COUNT);
    expect(added.map((r) => [r.name, r.category, r.department])).toEqual([
      ['First Assistant Camera', 'production', 'Camera'],
      ['Second Assistant Camera', 'production', 'Camera'],
      ['DIT', 'production', 'Camera'],
      ['Steadicam Operator', 'production', 'Camera'],
      ['Drone Operator', 'production', 'Camera'],
      ['Key Grip', 'production', 'Grip & Electric'],
      ['Best Boy Electric', 'production', 'Grip & Electric'],
      ['Best Boy Grip', 'production', 'Grip & Electric'],
      ['Dolly Grip', 'production', 'Grip & Electric'],
      ['Electrician', 'production', 'Grip & Electric'],
      ['Art Director', 'production', 'Art & Wardrobe'],
      ['Props Master', 'production', 'Art & Wardrobe'],
      ['Wardrobe Supervisor', 'production', 'Art & Wardrobe'],
      ['Production Coordinator', 'production', 'Production Office'],
      ['Production Assistant', 'production', 'Production Office'],
      ['Location Manager', 'production', 'Production Office'],
      ['Assistant Editor', 'post-production', 'Post'],
      ['Re-recording Mixer', 'post-production', 'Post'],
    ]);
    expect(Math.min(...added.map((r) => r.id))).toBeGreaterThan(Math.max(...spec.map((r) => r.id)));
  });

  it('is cacheable for 300 seconds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends the same catalogue %s-compressed to a browser that accepts it',
    async (encoding, decode) => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/roles' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/roles',
        headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    },
  );

  it('is served from memory without a rate limit: a page load never waits on it', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 320; i++)
      statuses.add(
        (await t.app.inject({ method: 'GET', url: '/api/roles', remoteAddress: '10.9.9.9' })).statusCode,
      );
    expect([...statuses]).toEqual([200]);
    // Other reads are limited (300 a minute per network).
    const counts = new Set<number>();
    for (let i = 0; i < 305; i++)
      counts.add(
        (await t.app.inject({ method: 'GET', url: '/api/roles/crew-counts', remoteAddress: '10.9.9.8' }))
          .statusCode,
      );
    expect(counts.has(429)).toBe(true);
  });

  it('loads the catalogue idempotently: loading it again changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/roles' })).json();
    await loadRoleCatalogue(t.db);
    await loadRoleCatalogue(t.db);
    const after = (await t.app.inject({ method: 'GET', url: '/api/roles' })).json();
    expect(after).toEqual(before);
  });

  it('counts crew per role for the browse page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles/crew-counts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counts: {} });
  });
});

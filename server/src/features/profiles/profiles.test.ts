import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { experiences, users, userTags } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { NOT_YOUR_PROFILE } from './service.ts';

let t: TestApp;
let ipCounter = 1;
const browser = () => new TestBrowser(t.app, `10.7.0.${ipCounter++}`);

async function member() {
  const b = browser();
  const id = (await b.register(newUser('prof'))).json().id as number;
  return { b, id };
}

beforeAll(async () => {
  t = await createTestApp();
});

describe('profile basics', () => {
  it.each([
    [{ bio: 'x'.repeat(501) }, 'bio', 'Bio must be less than 500 characters'],
    [{ location: 'x'.repeat(101) }, 'location', 'Location must be less than 100 characters'],
    [{ contactInfo: 'x'.repeat(101) }, 'contactInfo', 'Contact info must be less than 100 characters'],
  ])('refuses %o with the SPEC message and changes nothing', async (body, field, message) => {
    const { b, id } = await member();
    await b.request('PATCH', `/api/users/${id}`, { body: { bio: 'Gaffer in Atlanta.' } });
    const res = await b.request('PATCH', `/api/users/${id}`, { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    const [row] = await t.db.select({ bio: users.bio }).from(users).where(eq(users.id, id));
    expect(row?.bio).toBe('Gaffer in Atlanta.');
  });

  it('saves bio, location and contact info, and shows them on the public profile without the email', async () => {
    const { b, id } = await member();
    const res = await b.request('PATCH', `/api/users/${id}`, {
      body: {
        bio: 'Key grip, 12 years on features.',
        location: 'Atlanta, GA',
        contactInfo: 'grip@example.com',
        // Shown to visitors only when public (ADR 027: contact-visibility.test.ts).
        contactVisibility: 'public',
      },
    });
    expect(res.statusCode).toBe(200);
    const seen = (await browser().request('GET', `/api/users/${id}`)).json();
    expect(seen).toMatchObject({
      bio: 'Key grip, 12 years on features.',
      location: 'Atlanta, GA',
      contactInfo: 'grip@example.com',
    });
    expect(seen).not.toHaveProperty('email');
    expect(seen).not.toHaveProperty('passwordHash');
    expect((await b.request('GET', `/api/users/${id}`)).json().email).toMatch(/@example\.com$/);
  });

  it("shows a visitor the owner's change at once, though public profiles are cached", async () => {
    const { b, id } = await member();
    const visitor = browser();
    await b.request('PATCH', `/api/users/${id}`, { body: { bio: 'First bio.' } });
    expect((await visitor.request('GET', `/api/users/${id}`)).json().bio).toBe('First bio.');
    await b.request('PATCH', `/api/users/${id}`, { body: { bio: 'Second bio.' } });
    expect((await visitor.request('GET', `/api/users/${id}`)).json().bio).toBe('Second bio.');
    await b.request('POST', `/api/users/${id}/tags`, { body: { tag: 'Steadicam' } });
    const compressed = await visitor.request('GET', `/api/users/${id}`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const profile = JSON.parse(brotliDecompressSync(compressed.rawPayload).toString());
    expect(profile.tags.map((tag: { tag: string }) => tag.tag)).toEqual(['Steadicam']);
    expect(profile).not.toHaveProperty('email');
  });

  it('sends a profile read once as it is, and compresses it once it is read again (ADR 040)', async () => {
    const { id } = await member();
    const read = () =>
      browser().request('GET', `/api/users/${id}`, { headers: { 'accept-encoding': 'br, gzip' } });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.json().id).toBe(id);
    const second = await read();
    expect(second.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString())).toEqual(first.json());
  });

  it('answers 404 for a profile that does not exist, and 400 for an id no profile can have', async () => {
    expect((await browser().request('GET', '/api/users/999999')).statusCode).toBe(404);
    for (const id of ['99999999999', 'abc', '0', '-3', '1.5']) {
      const res = await browser().request('GET', `/api/users/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Not a valid profile id');
    }
  });
});

describe('only the owner changes a profile', () => {
  it('refuses another user with 403 and changes nothing', async () => {
    const owner = await member();
    const other = await member();
    await owner.b.request('PATCH', `/api/users/${owner.id}`, { body: { bio: 'Mine.' } });
    const attempts = [
      other.b.request('PATCH', `/api/users/${owner.id}`, { body: { bio: 'Hacked.' } }),
      other.b.request('POST', `/api/users/${owner.id}/roles`, { body: { roleId: 1 } }),
      other.b.request('POST', `/api/users/${owner.id}/experiences`, {
        body: { title: 'Fake', projectName: 'Fake film' },
      }),
      other.b.request('POST', `/api/users/${owner.id}/credentials`, {
        body: { title: 'Fake', institution: 'Nowhere' },
      }),
      other.b.request('POST', `/api/users/${owner.id}/tags`, { body: { tag: 'fake' } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(NOT_YOUR_PROFILE);
    }
    const profile = (await browser().request('GET', `/api/users/${owner.id}`)).json();
    expect(profile).toMatchObject({ bio: 'Mine.', roles: [], experiences: [], credentials: [], tags: [] });
  });

  it('refuses an admin too, and shows them no private field: staff act only through /api/admin (issue 29)', async () => {
    const owner = await member();
    const admin = await member();
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const edit = await admin.b.request('PATCH', `/api/users/${owner.id}`, {
      body: { bio: 'Edited by staff.' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(NOT_YOUR_PROFILE);
    const seen = (await admin.b.request('GET', `/api/users/${owner.id}`)).json();
    expect(seen.email).toBeUndefined();
    expect(seen.bio).not.toBe('Edited by staff.');
  });

  it('refuses a visitor with 401', async () => {
    const owner = await member();
    const res = await browser().request('PATCH', `/api/users/${owner.id}`, { body: { bio: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it("answers 404 when a path names another user's item, and leaves it alone", async () => {
    const owner = await member();
    const other = await member();
    const exp = (
      await owner.b.request('POST', `/api/users/${owner.id}/experiences`, {
        body: { title: 'Gaffer', projectName: 'Low Tide' },
      })
    ).json();
    const edit = await other.b.request('PATCH', `/api/users/${other.id}/experiences/${exp.id}`, {
      body: { title: 'Stolen', projectName: 'Stolen' },
    });
    expect(edit.statusCode).toBe(404);
    const del = await other.b.request('DELETE', `/api/users/${other.id}/experiences/${exp.id}`);
    expect(del.statusCode).toBe(404);
    const [row] = await t.db.select().from(experiences).where(eq(experiences.id, exp.id));
    expect(row?.title).toBe('Gaffer');
  });
});

describe('roles, experience, credentials and tags', () => {
  it('adds roles once each, in the order chosen', async () => {
    const { b, id } = await member();
    expect((await b.request('POST', `/api/users/${id}/roles`, { body: { roleId: 13 } })).statusCode).toBe(
      201,
    );
    expect((await b.request('POST', `/api/users/${id}/roles`, { body: { roleId: 14 } })).statusCode).toBe(
      201,
    );
    const again = await b.request('POST', `/api/users/${id}/roles`, { body: { roleId: 13 } });
    expect(again.statusCode).toBe(200);
    expect(again.json().name).toBe('Gaffer');
    const profile = (await browser().request('GET', `/api/users/${id}`)).json();
    expect(profile.roles.map((r: { name: string }) => r.name)).toEqual(['Gaffer', 'Grip']);
    expect((await b.request('POST', `/api/users/${id}/roles`, { body: { roleId: 9999 } })).statusCode).toBe(
      400,
    );
    expect((await b.request('DELETE', `/api/users/${id}/roles/14`)).statusCode).toBe(204);
    expect((await browser().request('GET', `/api/users/${id}`)).json().roles).toHaveLength(1);
  });

  it.each([
    [{ title: 'G', projectName: 'Low Tide' }, 'title', 'Title must be at least 2 characters'],
    [{ title: 'Gaffer', projectName: 'L' }, 'projectName', 'Project name must be at least 2 characters'],
    [
      { title: 'Gaffer', projectName: 'Low Tide', description: 'x'.repeat(501) },
      'description',
      'Description must be less than 500 characters',
    ],
    [
      { title: 'Gaffer', projectName: 'Low Tide', startDate: '2024-05-01', endDate: '2023-01-01' },
      'endDate',
      'End date must be after the start date',
    ],
  ])('refuses experience %o with "%s: %s"', async (body, field, message) => {
    const { b, id } = await member();
    const res = await b.request('POST', `/api/users/${id}/experiences`, { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('adds, edits, reorders and deletes experience; the newest is listed first', async () => {
    const { b, id } = await member();
    const older = (
      await b.request('POST', `/api/users/${id}/experiences`, {
        body: {
          title: 'Best Boy',
          projectName: 'Glass City',
          startDate: '2019-02-01',
          endDate: '2019-05-01',
          description: '',
        },
      })
    ).json();
    expect(older).toMatchObject({ title: 'Best Boy', startDate: '2019-02-01', description: null });
    const newer = (
      await b.request('POST', `/api/users/${id}/experiences`, {
        body: { title: 'Gaffer', projectName: 'Night Shift' },
      })
    ).json();
    let list = (await browser().request('GET', `/api/users/${id}`)).json().experiences;
    expect(list.map((e: { id: number }) => e.id)).toEqual([newer.id, older.id]);

    const edited = await b.request('PATCH', `/api/users/${id}/experiences/${older.id}`, {
      body: {
        title: 'Best Boy Electric',
        projectName: 'Glass City',
        startDate: '2019-02-01',
        endDate: '2019-05-01',
      },
    });
    expect(edited.json().title).toBe('Best Boy Electric');

    expect(
      (await b.request('PUT', `/api/users/${id}/experiences/order`, { body: { ids: [older.id, newer.id] } }))
        .statusCode,
    ).toBe(204);
    list = (await browser().request('GET', `/api/users/${id}`)).json().experiences;
    expect(list.map((e: { id: number }) => e.id)).toEqual([older.id, newer.id]);

    expect((await b.request('DELETE', `/api/users/${id}/experiences/${newer.id}`)).statusCode).toBe(204);
    expect((await browser().request('GET', `/api/users/${id}`)).json().experiences).toHaveLength(1);
  });

  it('removes a credential and a tag of the owner: 204, gone from the profile, and 404 the second time', async () => {
    const { b, id } = await member();
    const credential = (
      await b.request('POST', `/api/users/${id}/credentials`, {
        body: { title: 'BFA Cinematography', institution: 'AFI', year: 2015 },
      })
    ).json();
    const tag = (await b.request('POST', `/api/users/${id}/tags`, { body: { tag: 'Steadicam' } })).json();
    for (const path of [`credentials/${credential.id}`, `tags/${tag.id}`]) {
      expect((await b.request('DELETE', `/api/users/${id}/${path}`)).statusCode).toBe(204);
      expect((await b.request('DELETE', `/api/users/${id}/${path}`)).statusCode).toBe(404);
    }
    const profile = (await browser().request('GET', `/api/users/${id}`)).json();
    expect(profile.credentials).toEqual([]);
    expect(profile.tags).toEqual([]);
  });

  it.each([
    [{ title: 'B', institution: 'AFI' }, 'title', 'Title must be at least 2 characters'],
    [
      { title: 'BFA Cinematography', institution: 'A' },
      'institution',
      'Institution must be at least 2 characters',
    ],
    [
      { title: 'BFA', institution: 'AFI', description: 'x'.repeat(201) },
      'description',
      'Description must be less than 200 characters',
    ],
    [{ title: 'BFA', institution: 'AFI', year: 1850 }, 'year', 'Year must be 1900 or later'],
    [{ title: 'BFA', institution: 'AFI', year: 'soon' }, 'year', 'Year must be a number'],
  ])('refuses credential %o with "%s: %s"', async (body, field, message) => {
    const { b, id } = await member();
    const res = await b.request('POST', `/api/users/${id}/credentials`, { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('treats an empty credential year as not given', async () => {
    const { b, id } = await member();
    const res = await b.request('POST', `/api/users/${id}/credentials`, {
      body: { title: 'Safety on set', institution: 'IATSE', year: '' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Safety on set', year: null });
  });

  it('keeps tags unique ignoring case, trims them, and caps them at 30', async () => {
    const { b, id } = await member();
    expect(
      (await b.request('POST', `/api/users/${id}/tags`, { body: { tag: '  Steadicam ' } })).json().tag,
    ).toBe('Steadicam');
    const dup = await b.request('POST', `/api/users/${id}/tags`, { body: { tag: 'steadicam' } });
    expect(dup.statusCode).toBe(200);
    expect(await t.db.select().from(userTags).where(eq(userTags.userId, id))).toHaveLength(1);
    expect(
      (await b.request('POST', `/api/users/${id}/tags`, { body: { tag: '   ' } })).json().error.fields.tag,
    ).toBe('Tag cannot be empty');
    expect(
      (await b.request('POST', `/api/users/${id}/tags`, { body: { tag: 'x'.repeat(41) } })).statusCode,
    ).toBe(400);
    for (let i = 1; i < 30; i++)
      await b.request('POST', `/api/users/${id}/tags`, { body: { tag: `skill ${i}` } });
    const over = await b.request('POST', `/api/users/${id}/tags`, { body: { tag: 'one too many' } });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe('A profile can have at most 30 tags');
  });
});

describe('portfolio links and profile views', () => {
  it('turns YouTube and Vimeo links into embeds and keeps other sites as link cards', async () => {
    const { b, id } = await member();
    const yt = (
      await b.request('POST', `/api/users/${id}/portfolio`, {
        body: { title: 'Reel 2026', url: 'https://youtu.be/dQw4w9WgXcQ' },
      })
    ).json();
    expect(yt).toMatchObject({
      kind: 'video',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    const vimeo = (
      await b.request('POST', `/api/users/${id}/portfolio`, {
        body: { title: 'Short', url: 'https://vimeo.com/76979871' },
      })
    ).json();
    expect(vimeo.embedUrl).toBe('https://player.vimeo.com/video/76979871');
    const site = (
      await b.request('POST', `/api/users/${id}/portfolio`, {
        body: { title: 'Site', url: 'https://maya.example.com' },
      })
    ).json();
    expect(site).toMatchObject({ kind: 'link', embedUrl: null });
    const bad = await b.request('POST', `/api/users/${id}/portfolio`, {
      body: { title: 'Bad', url: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('counts a view once per viewer per day, never the owner, and shows the owner the numbers', async () => {
    const { b, id } = await member();
    await b.request('GET', `/api/users/${id}`);
    const visitor = browser();
    await visitor.request('GET', `/api/users/${id}`);
    await visitor.request('GET', `/api/users/${id}`);
    await browser().request('GET', `/api/users/${id}`);
    // The view is recorded after the answer; wait until both are in.
    let stats = (await b.request('GET', `/api/users/${id}/stats`)).json();
    for (let i = 0; i < 50 && stats.views7Days < 2; i++)
      stats = (await b.request('GET', `/api/users/${id}/stats`)).json();
    expect(stats).toMatchObject({ views7Days: 2, views30Days: 2 });
    expect(stats.completeness.missing).toContain('roles');
    expect((await visitor.request('GET', `/api/users/${id}/stats`)).statusCode).toBe(401);
  });
});

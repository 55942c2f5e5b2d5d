import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import { UPLOAD_MESSAGES } from '#common/schemas/profiles';
import { hasImageSignature, NOT_AN_IMAGE } from '#server/uploads/images.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let ipCounter = 1;
const browser = () => new TestBrowser(t.app, `10.8.0.${ipCounter++}`);

/** A photo as a phone makes it: EXIF with camera, GPS position and a comment. */
async function photo(format: 'png' | 'jpeg', width = 800, height = 600): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  }).withExifMerge({
    IFD0: { Make: 'TestCam', Model: 'Secret Model', ImageDescription: 'home address 12 Elm St' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '51/1 30/1 0/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '0/1 7/1 0/1',
    },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

async function member() {
  const b = browser();
  const id = (await b.register(newUser('upload'))).json().id as number;
  return { b, id };
}

beforeAll(async () => {
  t = await createTestApp();
});

/** Every file in the upload folder (none yet: an empty list). */
const uploadedFiles = () => {
  const folder = path.join(t.config.dataDir, 'uploads');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};

describe('avatar and portfolio uploads', () => {
  it.each(['png', 'jpeg'] as const)(
    'stores a %s avatar as WebP in two sizes with every bit of metadata gone',
    async (format) => {
      const original = await photo(format);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const { b, id } = await member();
      const res = await b.request('POST', `/api/users/${id}/avatar`, {
        form: { file: { name: `me.${format}`, type: `image/${format}`, bytes: original } },
      });
      expect(res.statusCode).toBe(200);
      const url = res.json().profileImage as string;
      expect(url).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Secret Model'))).toBe(false);

      const thumb = await t.app.inject({ method: 'GET', url: url.replace('.webp', '-thumb.webp') });
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(128);
      expect((await browser().request('GET', `/api/users/${id}`)).json().profileImage).toBe(url);
    },
  );

  it('refuses a text file renamed to .png, whatever its declared type, and keeps the old avatar', async () => {
    const { b, id } = await member();
    const first = (
      await b.request('POST', `/api/users/${id}/avatar`, {
        form: { file: { name: 'a.png', type: 'image/png', bytes: await photo('png', 64, 64) } },
      })
    ).json();
    const res = await b.request('POST', `/api/users/${id}/avatar`, {
      form: {
        file: {
          name: 'evil.png',
          type: 'image/png',
          bytes: Buffer.from('<script>alert(1)</script> not an image'),
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(NOT_AN_IMAGE);
    expect((await browser().request('GET', `/api/users/${id}`)).json().profileImage).toBe(first.profileImage);
  });

  it('refuses an image over the pixel limit with 400, before decoding it, and leaves no file behind (issue 30)', async () => {
    // 8000 × 8000 of one colour: about 200 KB as PNG, 64 megapixels once decoded.
    const huge = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: { r: 10, g: 20, b: 30 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(LIMITS.uploadMaxBytes);
    expect(8000 * 8000).toBeGreaterThan(LIMITS.uploadMaxMegapixels * 1_000_000);
    const { b, id } = await member();
    const before = uploadedFiles();
    for (const url of [`/api/users/${id}/avatar`, `/api/users/${id}/portfolio`]) {
      const res = await b.request('POST', url, {
        form: { fields: { title: 'Wide shot' }, file: { name: 'huge.png', type: 'image/png', bytes: huge } },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe(
        `That image is too large (max ${LIMITS.uploadMaxMegapixels} megapixels)`,
      );
      expect(res.json().error.message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    }
    expect(uploadedFiles()).toEqual(before);
    expect((await browser().request('GET', `/api/users/${id}`)).json().profileImage).toBeNull();
  });

  it('refuses an SVG before any decoder parses it (400), whatever type it claims (issue 30)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>',
    );
    // sharp would take it: the refusal is ours, before it is parsed.
    expect((await sharp(svg).metadata()).format).toBe('svg');
    const { b, id } = await member();
    const before = uploadedFiles();
    for (const type of ['image/svg+xml', 'image/png']) {
      const res = await b.request('POST', `/api/users/${id}/avatar`, {
        form: { file: { name: 'logo.svg', type, bytes: svg } },
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json().error.message).toBe(NOT_AN_IMAGE);
    }
    expect(hasImageSignature(svg)).toBe(false);
    expect(uploadedFiles()).toEqual(before);
  });

  it('answers 413 for a file over 5 MB', async () => {
    const { b, id } = await member();
    const huge = Buffer.concat([await photo('png', 32, 32), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await b.request('POST', `/api/users/${id}/avatar`, {
      form: { file: { name: 'big.png', type: 'image/png', bytes: huge } },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Images can be at most 5 MB');
    expect((await browser().request('GET', `/api/users/${id}`)).json().profileImage).toBeNull();
  });

  it("refuses to change another member's avatar", async () => {
    const owner = await member();
    const other = await member();
    const res = await other.b.request('POST', `/api/users/${owner.id}/avatar`, {
      form: { file: { name: 'x.png', type: 'image/png', bytes: await photo('png', 64, 64) } },
    });
    expect(res.statusCode).toBe(403);
    expect((await browser().request('GET', `/api/users/${owner.id}`)).json().profileImage).toBeNull();
  });

  it('adds a portfolio image with a title, then deletes it and its files', async () => {
    const { b, id } = await member();
    const res = await b.request('POST', `/api/users/${id}/portfolio`, {
      form: {
        fields: { title: 'Night exterior, Low Tide' },
        file: { name: 'still.jpg', type: 'image/jpeg', bytes: await photo('jpeg', 2400, 1600) },
      },
    });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ kind: 'image', title: 'Night exterior, Low Tide' });
    const full = await sharp((await t.app.inject({ method: 'GET', url: item.url })).rawPayload).metadata();
    expect(full.width).toBe(1600);
    const file = path.join(t.config.dataDir, 'uploads', path.basename(item.url));
    expect(existsSync(file)).toBe(true);

    expect((await b.request('DELETE', `/api/users/${id}/portfolio/${item.id}`)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: item.url })).statusCode).toBe(404);
  });

  it('needs a title for a portfolio image', async () => {
    const { b, id } = await member();
    const res = await b.request('POST', `/api/users/${id}/portfolio`, {
      form: { file: { name: 'still.jpg', type: 'image/jpeg', bytes: await photo('jpeg', 64, 64) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.title).toBe('Title must be at least 2 characters');
  });

  it('refuses a form with a file sent to a route that takes JSON (415), and changes nothing', async () => {
    const { b, id } = await member();
    const before = (await browser().request('GET', `/api/users/${id}`)).json();
    const filesBefore = uploadedFiles();
    const res = await b.request('PATCH', `/api/users/${id}`, {
      form: { file: { name: 'me.png', type: 'image/png', bytes: await photo('png', 64, 64) } },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/^Unsupported Media Type/);
    expect((await browser().request('GET', `/api/users/${id}`)).json()).toEqual(before);
    expect(uploadedFiles()).toEqual(filesBefore);
  });
});

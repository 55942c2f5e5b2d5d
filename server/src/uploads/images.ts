import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { BadRequestError } from '#server/errors.ts';

/** User uploads are served from /media/ (bundled default headshots live under /uploads/). */
export const MEDIA_PREFIX = '/media/';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
export const NOT_AN_IMAGE = 'Upload a JPEG, PNG, WebP or GIF image';

export interface StoredImage {
  url: string;
  thumbnailUrl: string;
}

interface Rendition {
  suffix: string;
  width: number;
  height?: number;
  fit: 'cover' | 'inside';
}

const AVATAR: Rendition[] = [
  { suffix: '', width: 512, height: 512, fit: 'cover' },
  { suffix: '-thumb', width: 128, height: 128, fit: 'cover' },
];
const PORTFOLIO: Rendition[] = [
  { suffix: '', width: 1600, height: 1600, fit: 'inside' },
  { suffix: '-thumb', width: 480, height: 360, fit: 'cover' },
];

/**
 * Decides the type from the bytes (a renamed text file is refused whatever its name or header
 * says), then re-encodes to WebP in each size. Re-encoding drops EXIF, GPS and every other
 * metadata, and neutralises anything smuggled inside the original file.
 */
async function storeImage(dataDir: string, bytes: Buffer, renditions: Rendition[]): Promise<StoredImage> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new BadRequestError(NOT_AN_IMAGE, { file: NOT_AN_IMAGE });

  const folder = path.join(dataDir, 'uploads');
  await mkdir(folder, { recursive: true });
  const name = randomBytes(16).toString('hex');
  const urls: string[] = [];
  for (const rendition of renditions) {
    const output = await sharp(bytes, { animated: false, limitInputPixels: 50_000_000 })
      .rotate() // honour the camera's orientation before the EXIF that carries it is dropped
      .resize({
        width: rendition.width,
        height: rendition.height,
        fit: rendition.fit,
        withoutEnlargement: rendition.fit === 'inside',
      })
      .webp({ quality: 82 })
      .toBuffer();
    const file = `${name}${rendition.suffix}.webp`;
    await writeFile(path.join(folder, file), output);
    urls.push(`${MEDIA_PREFIX}${file}`);
  }
  return { url: urls[0] ?? '', thumbnailUrl: urls[1] ?? urls[0] ?? '' };
}

export const storeAvatar = (dataDir: string, bytes: Buffer) => storeImage(dataDir, bytes, AVATAR);
export const storePortfolioImage = (dataDir: string, bytes: Buffer) => storeImage(dataDir, bytes, PORTFOLIO);

/** Removes an image we stored (and its thumbnail); URLs we did not make are left alone. */
export async function removeStoredImage(dataDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(MEDIA_PREFIX)) return;
  const file = path.basename(url);
  if (!/^[a-f0-9]{32}(-thumb)?\.webp$/.test(file)) return;
  const base = file.replace(/(-thumb)?\.webp$/, '');
  await Promise.all(
    [`${base}.webp`, `${base}-thumb.webp`].map((f) => rm(path.join(dataDir, 'uploads', f), { force: true })),
  );
}

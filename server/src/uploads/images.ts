import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '#common/limits';
import { UPLOAD_MESSAGES } from '#common/schemas/profiles';
import { BadRequestError } from '#server/errors.ts';
import { isMediaKey, type MediaStorage } from '#server/uploads/storage.ts';

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

/** The most pixels decoded (LIMITS.uploadMaxMegapixels): sharp refuses more before decoding any. */
const MAX_PIXELS = LIMITS.uploadMaxMegapixels * 1_000_000;
const INPUT = { animated: false, limitInputPixels: MAX_PIXELS } as const;

const ascii = (bytes: Buffer, offset: number, text: string) =>
  bytes.subarray(offset, offset + text.length).toString('latin1') === text;
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * Whether the first bytes are those of a format we take (JPEG, PNG, GIF, WebP, AVIF/HEIF). Nothing
 * else reaches sharp: an SVG (XML, which librsvg would parse), a PDF or a text file is refused
 * before any decoder sees it, whatever its name or declared type.
 */
export function hasImageSignature(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return true;
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return true;
  return ascii(bytes, 4, 'ftyp') && HEIF_BRANDS.has(bytes.subarray(8, 12).toString('latin1'));
}

const notAnImage = () => new BadRequestError(NOT_AN_IMAGE, { file: NOT_AN_IMAGE });
const tooManyPixels = () =>
  new BadRequestError(UPLOAD_MESSAGES.tooManyPixels, { file: UPLOAD_MESSAGES.tooManyPixels });
/** sharp's own refusal of an image over limitInputPixels is the same 400; any other failure is no image. */
const refusalOf = (error: unknown) =>
  /pixel limit/i.test(error instanceof Error ? error.message : '') ? tooManyPixels() : notAnImage();

const resizeOf = (rendition: Rendition) => ({
  width: rendition.width,
  height: rendition.height,
  fit: rendition.fit,
  withoutEnlargement: rendition.fit === 'inside',
});

/**
 * Decides the type from the bytes (a renamed text file is refused whatever its name or header
 * says), refuses an image over LIMITS.uploadMaxMegapixels from its header, then decodes it once:
 * to the largest rendition, from which every rendition is encoded as WebP. Re-encoding drops EXIF,
 * GPS and every other metadata, and neutralises anything smuggled inside the original file. The
 * files are stored only once every rendition is made, and a failed write leaves none behind.
 */
async function storeImage(media: MediaStorage, bytes: Buffer, renditions: Rendition[]): Promise<StoredImage> {
  const [largest] = renditions;
  if (!largest || !hasImageSignature(bytes)) throw notAnImage();
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, INPUT).metadata();
    if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > MAX_PIXELS) throw tooManyPixels();
    format = meta.format;
  } catch (error) {
    throw error instanceof BadRequestError ? error : refusalOf(error);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();

  let outputs: Buffer[];
  try {
    const base = await sharp(bytes, INPUT)
      .rotate() // honour the camera's orientation before the EXIF that carries it is dropped
      .resize(resizeOf(largest))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = base.info;
    outputs = await Promise.all(
      renditions.map((rendition) =>
        sharp(base.data, { raw: { width, height, channels } })
          .resize(resizeOf(rendition))
          .webp({ quality: 82 })
          .toBuffer(),
      ),
    );
  } catch (error) {
    throw refusalOf(error);
  }

  const name = randomBytes(16).toString('hex');
  const keys = renditions.map((rendition) => `${name}${rendition.suffix}.webp`);
  const written = await Promise.allSettled(
    keys.map((key, i) => media.put(key, outputs[i] as Buffer, 'image/webp')),
  );
  const failed = written.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(keys.map((key) => media.delete(key)));
    throw failed.reason;
  }
  const urls = keys.map((key) => `${MEDIA_PREFIX}${key}`);
  return { url: urls[0] ?? '', thumbnailUrl: urls[1] ?? urls[0] ?? '' };
}

export const storeAvatar = (media: MediaStorage, bytes: Buffer) => storeImage(media, bytes, AVATAR);
export const storePortfolioImage = (media: MediaStorage, bytes: Buffer) =>
  storeImage(media, bytes, PORTFOLIO);

/** The storage key of a /media/ URL we made (`/media/<32 hex>[-thumb].webp`); null for any other URL. */
export function storedImageKey(url: string | null | undefined): string | null {
  if (!url?.startsWith(MEDIA_PREFIX)) return null;
  const key = url.slice(MEDIA_PREFIX.length);
  return /^[a-f0-9]{32}(-thumb)?\.webp$/.test(key) && isMediaKey(key) ? key : null;
}

/** Removes an image we stored (and its thumbnail); URLs we did not make are left alone. */
export async function removeStoredImage(media: MediaStorage, url: string | null): Promise<void> {
  const key = storedImageKey(url);
  if (!key) return;
  const base = key.replace(/(-thumb)?\.webp$/, '');
  await Promise.all([`${base}.webp`, `${base}-thumb.webp`].map((k) => media.delete(k)));
}

/**
 * The photos of a site's gallery (issue 38): checked by their content as the logo is (logo-images.ts:
 * PNG, JPEG or WebP, never SVG), decoded upright and re-encoded at the widths a page asks for, in WebP
 * and in JPEG for the browsers without WebP. Every variant is made from decoded pixels: no metadata
 * (EXIF, GPS, XMP, ICC) of the file sent ever reaches a visitor.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_WIDTHS, photoWidths } from '../../../src/shared/website';
import { sniffImageType } from './logo-images';

export type PhotoRefusal =
  'PHOTO_TOO_LARGE' | 'PHOTO_SVG' | 'PHOTO_TYPE' | 'PHOTO_UNREADABLE' | 'PHOTO_DIMENSIONS';

/** A photo the server will not take; `statusCode` is the HTTP status to answer with. */
export class PhotoRefused extends Error {
  readonly statusCode: 400 | 413;

  constructor(readonly code: PhotoRefusal) {
    super(`Photo refused: ${code}`);
    this.name = 'PhotoRefused';
    this.statusCode = code === 'PHOTO_TOO_LARGE' ? 413 : 400;
  }
}

/** The widths of a page's `srcset` (src/shared/website.ts): a phone, a column on a desktop, a wide screen. */
export type PhotoVariantName = `w${(typeof PHOTO_WIDTHS)[number]}.${'webp' | 'jpg'}`;
export const PHOTO_VARIANTS: readonly PhotoVariantName[] = PHOTO_WIDTHS.flatMap((width) => [
  `w${width}.webp` as const,
  `w${width}.jpg` as const,
]);

export interface PhotoVariant {
  variant: PhotoVariantName;
  contentType: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Buffer;
}

/** A 48-megapixel phone camera's photo and some more; far below what would exhaust memory. */
export const PHOTO_MAX_PIXELS = 60_000_000;
/** Smaller is a thumbnail, not a photo for a page. */
export const PHOTO_MIN_SIDE = 200;
/** The tallest a photo may be once shrunk to the largest width: WebP's limit, 16 383 pixels. */
const MAX_HEIGHT = 16_383;
/** The most a photo's decoding may take (the worker threads give a task 20 s). */
const DECODE_SECONDS = 12;

const DECODE_OPTIONS: SharpOptions = { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS, pages: 1 };

function decodingRefusal(error: unknown): PhotoRefused {
  const overLimit = error instanceof Error && /pixel limit/i.test(error.message);
  return new PhotoRefused(overLimit ? 'PHOTO_DIMENSIONS' : 'PHOTO_UNREADABLE');
}

/**
 * Checks an uploaded photo and returns its variants, or throws PhotoRefused. A width larger than the
 * photo is not made (never enlarged): a small photo has fewer variants, its own width the largest.
 */
export async function processPhoto(bytes: Uint8Array): Promise<PhotoVariant[]> {
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new PhotoRefused('PHOTO_TOO_LARGE');
  const type = sniffImageType(bytes);
  if (type === 'svg') throw new PhotoRefused('PHOTO_SVG');
  if (type === null) throw new PhotoRefused('PHOTO_TYPE');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, DECODE_OPTIONS).metadata();
  } catch (error) {
    throw decodingRefusal(error);
  }
  if (metadata.format !== type) throw new PhotoRefused('PHOTO_UNREADABLE');
  if (
    metadata.width * metadata.height > PHOTO_MAX_PIXELS ||
    Math.min(metadata.width, metadata.height) < PHOTO_MIN_SIDE
  )
    throw new PhotoRefused('PHOTO_DIMENSIONS');
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, upright (the EXIF orientation applied, as the tag goes with the rest), in sRGB,
    // shrunk to the largest width served, and flattened on white (a JPEG has no transparency).
    upright = await sharp(bytes, DECODE_OPTIONS)
      .timeout({ seconds: DECODE_SECONDS })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .resize({ width: PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1], withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodingRefusal(error);
  }
  const { width, height, channels } = upright.info;
  // A strip far taller than wide (1600 × 17 000) is no photo for a page, and WebP stops at 16 383
  // pixels a side: refused as such, not failed at encoding.
  if (height > MAX_HEIGHT) throw new PhotoRefused('PHOTO_DIMENSIONS');
  const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
  // Each width up to the photo's own; the smallest always, whatever the photo's width.
  const variants = photoWidths(width).flatMap(([target, actual]) => {
    const resized = () => pixels().resize({ width: actual, withoutEnlargement: true });
    return [
      encode(`w${target}.webp` as PhotoVariantName, 'image/webp', resized().webp({ quality: 78, effort: 5 })),
      encode(
        `w${target}.jpg` as PhotoVariantName,
        'image/jpeg',
        resized().jpeg({ quality: 80, mozjpeg: true, progressive: true }),
      ),
    ];
  });
  return Promise.all(variants);
}

async function encode(
  variant: PhotoVariantName,
  contentType: PhotoVariant['contentType'],
  image: Sharp,
): Promise<PhotoVariant> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { variant, contentType, width: info.width, height: info.height, bytes: data };
}

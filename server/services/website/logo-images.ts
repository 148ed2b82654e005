/**
 * The logo of a promotional website (issue 18): the uploaded file is checked by its content and
 * re-encoded into the few images the site serves, with all its metadata dropped.
 *
 * Only PNG, JPEG and WebP are accepted. SVG is refused because it can carry scripts and links that
 * would run on the site's origin; everything else (PDF, GIF, HEIC…) because browsers and social
 * networks do not all show it. Nothing the user sent is ever served as is: each variant is decoded
 * and re-encoded, so a file that merely starts like an image cannot reach a visitor.
 */
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { LOGO_MAX_BYTES } from '../../../src/shared/website';

export type LogoRefusal = 'LOGO_TOO_LARGE' | 'LOGO_SVG' | 'LOGO_TYPE' | 'LOGO_UNREADABLE' | 'LOGO_DIMENSIONS';

/** A logo the server will not take; `statusCode` is the HTTP status to answer with. */
export class LogoRefused extends Error {
  readonly statusCode: 400 | 413;

  constructor(readonly code: LogoRefusal) {
    super(`Logo refused: ${code}`);
    this.name = 'LogoRefused';
    this.statusCode = code === 'LOGO_TOO_LARGE' ? 413 : 400;
  }
}

export type LogoVariantName = 'header.webp' | 'header.png' | 'icon-32.png' | 'icon-180.png' | 'social.png';

export interface LogoVariant {
  variant: LogoVariantName;
  contentType: 'image/webp' | 'image/png';
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * About 40 megapixels: more than any camera photo of a logo, far less than the 268 Mpx sharp allows
 * by default. A small file can declare a huge canvas (a "decompression bomb"); decoding it would
 * take hundreds of megabytes of memory.
 */
export const LOGO_MAX_PIXELS = 40_000_000;
/** Below this the logo is unrecognisable in the header and cannot make a favicon. */
export const LOGO_MIN_SIDE = 16;

/** The largest box any variant needs (social.png's logo, 800×400): the image is shrunk to it once. */
const WORKING_SIDE = 800;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
/** Palette PNGs are a fraction of the size of true-colour ones and logos rarely use more colours. */
const PNG_OPTIONS = { compressionLevel: 9, palette: true, effort: 10 } as const;

const DECODE_OPTIONS: SharpOptions = {
  // 'error' refuses truncated or corrupt pixel data, but not the harmless warnings libjpeg gives
  // for many camera and scanner JPEGs ('warning' would refuse those).
  failOn: 'error',
  limitInputPixels: LOGO_MAX_PIXELS,
  // An animated WebP or PNG: only the first frame is decoded.
  pages: 1,
};

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];
/** How much of a text file is read to find an <svg> root: enough for a long comment or DOCTYPE. */
const SVG_SNIFF_BYTES = 64 * 1024;
/** What may come before an SVG's root element: whitespace, <?xml …?>, comments, a DOCTYPE. */
const XML_PROLOG_PART = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)/i;
const SVG_ROOT = /^<(?:[\w.-]+:)?svg[\s/>]/i;

function hasBytes(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  return (
    bytes.length >= offset + expected.length &&
    expected.every((byte, index) => bytes[offset + index] === byte)
  );
}

function decodeText(head: Uint8Array): string | null {
  // UTF-16 SVGs exist; TextDecoder drops the byte-order mark itself (and UTF-8's).
  const encoding =
    head[0] === 0xff && head[1] === 0xfe
      ? 'utf-16le'
      : head[0] === 0xfe && head[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  try {
    return new TextDecoder(encoding).decode(head);
  } catch {
    return null;
  }
}

function isSvg(bytes: Uint8Array): boolean {
  let text = decodeText(bytes.subarray(0, SVG_SNIFF_BYTES));
  if (text === null) return false;
  for (let part = XML_PROLOG_PART.exec(text); part; part = XML_PROLOG_PART.exec(text)) {
    text = text.slice(part[0].length);
  }
  return SVG_ROOT.test(text);
}

/**
 * The type of an uploaded file by its first bytes, whatever its name or declared type. An SVG is
 * told apart (its own refusal message); a gzip-compressed SVG (.svgz) is just an unknown type.
 */
export function sniffImageType(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | 'svg' | null {
  if (hasBytes(bytes, PNG_MAGIC)) return 'png';
  if (hasBytes(bytes, JPEG_MAGIC)) return 'jpeg';
  if (hasBytes(bytes, RIFF) && hasBytes(bytes, WEBP, 8)) return 'webp';
  if (isSvg(bytes)) return 'svg';
  return null;
}

/**
 * Decodes the logo once, upright (EXIF orientation applied, as the tag is dropped with the rest of
 * the metadata), in sRGB and shrunk to the largest size a variant needs. The variants start from
 * these raw pixels, which carry no metadata at all.
 */
/** The most a logo's decoding may take (the worker threads give a task 20 s). */
const DECODE_SECONDS = 10;

async function decodeLogo(bytes: Uint8Array, type: 'png' | 'jpeg' | 'webp'): Promise<Sharp> {
  let metadata: Metadata;
  try {
    // Reads the header only: the dimensions are checked before any pixel is decoded.
    metadata = await sharp(bytes, DECODE_OPTIONS).metadata();
  } catch (error) {
    throw decodingRefusal(error);
  }
  if (metadata.format !== type) throw new LogoRefused('LOGO_UNREADABLE');
  const { width, height } = metadata;
  if (width * height > LOGO_MAX_PIXELS || Math.min(width, height) < LOGO_MIN_SIDE) {
    throw new LogoRefused('LOGO_DIMENSIONS');
  }
  try {
    const { data, info } = await sharp(bytes, DECODE_OPTIONS)
      // libvips stops by itself, well within the worker's limit: a thread terminated in the middle
      // of a sharp operation can take the process down with it.
      .timeout({ seconds: DECODE_SECONDS })
      .rotate()
      .toColourspace('srgb')
      .resize(WORKING_SIDE, WORKING_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  } catch (error) {
    // The header was readable but the pixels are not (truncated or corrupt data).
    throw decodingRefusal(error);
  }
}

/** sharp's own pixel limit (limitInputPixels) is a dimensions refusal; any other failure, an unreadable file. */
function decodingRefusal(error: unknown): LogoRefused {
  const overLimit = error instanceof Error && /pixel limit/i.test(error.message);
  return new LogoRefused(overLimit ? 'LOGO_DIMENSIONS' : 'LOGO_UNREADABLE');
}

async function encode(
  variant: LogoVariantName,
  contentType: LogoVariant['contentType'],
  image: Sharp,
): Promise<LogoVariant> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { variant, contentType, width: info.width, height: info.height, bytes: data };
}

/** The Open Graph image: the logo, at most 800×400 and never enlarged (it would blur), centred on white. */
async function socialImage(logo: Sharp): Promise<Sharp> {
  const { data, info } = await logo
    .resize(800, 400, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: WHITE })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp({ create: { width: 1200, height: 630, channels: 3, background: WHITE } })
    .composite([{ input: data, raw: { width: info.width, height: info.height, channels: info.channels } }])
    .png(PNG_OPTIONS);
}

/**
 * Checks an uploaded logo and returns the images the site serves, or throws LogoRefused. The size
 * is checked before anything is decoded.
 */
export async function processLogo(bytes: Uint8Array): Promise<LogoVariant[]> {
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new LogoRefused('LOGO_TOO_LARGE');
  const type = sniffImageType(bytes);
  if (type === 'svg') throw new LogoRefused('LOGO_SVG');
  if (type === null) throw new LogoRefused('LOGO_TYPE');

  const logo = await decodeLogo(bytes, type);
  // The header keeps the logo's transparency and is never enlarged (a small logo stays sharp).
  const header = logo.clone().resize(320, 160, { fit: 'inside', withoutEnlargement: true });
  return Promise.all([
    encode('header.webp', 'image/webp', header.clone().webp({ quality: 85, effort: 6 })),
    encode('header.png', 'image/png', header.clone().png(PNG_OPTIONS)),
    encode(
      'icon-32.png',
      'image/png',
      logo.clone().resize(32, 32, { fit: 'contain', background: TRANSPARENT }).png(PNG_OPTIONS),
    ),
    // Apple touch icons are shown on an opaque tile: iOS would fill transparency with black.
    encode(
      'icon-180.png',
      'image/png',
      logo
        .clone()
        .flatten({ background: WHITE })
        .resize(180, 180, { fit: 'contain', background: WHITE })
        .png(PNG_OPTIONS),
    ),
    socialImage(logo.clone()).then((image) => encode('social.png', 'image/png', image)),
  ]);
}

/** server/services/website/logo-images.ts: the checks and re-encoding of a website's logo (issue 18). */
import { crc32, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LogoRefused,
  processLogo,
  sniffImageType,
  type LogoRefusal,
  type LogoVariant,
} from '../../server/services/website/logo-images';
import { LOGO_MAX_BYTES } from '../../src/shared/website';

/** A 600×200 logo on a transparent background: a square, a disc and a bar. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">
  <rect x="10" y="10" width="180" height="180" rx="30" fill="#1e3a8a"/>
  <circle cx="100" cy="100" r="50" fill="#f59e0b"/>
  <rect x="220" y="70" width="360" height="60" fill="#0f766e"/>
</svg>`;
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Secret Author"/></rdf:RDF></x:xmpmeta>`;

const EXPECTED_VARIANTS = [
  { variant: 'header.webp', contentType: 'image/webp', width: 320, height: 107, format: 'webp' },
  { variant: 'header.png', contentType: 'image/png', width: 320, height: 107, format: 'png' },
  { variant: 'icon-32.png', contentType: 'image/png', width: 32, height: 32, format: 'png' },
  { variant: 'icon-180.png', contentType: 'image/png', width: 180, height: 180, format: 'png' },
  { variant: 'social.png', contentType: 'image/png', width: 1200, height: 630, format: 'png' },
] as const;

/** The logo with EXIF, XMP and a Display P3 ICC profile, in each accepted format. */
function logoWithMetadata(format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const image = sharp(Buffer.from(LOGO_SVG))
    .withIccProfile('p3')
    .withXmp(XMP)
    .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Author' } });
  if (format === 'jpeg') return image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
  return format === 'png' ? image.png().toBuffer() : image.webp({ quality: 90 }).toBuffer();
}

/** Adds a tEXt chunk (keyword and text) right after a PNG's IHDR chunk. */
function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const typeAndData = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`${keyword}\0${text}`, 'latin1')]);
  const chunk = Buffer.alloc(typeAndData.length + 8);
  chunk.writeUInt32BE(typeAndData.length - 4, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), chunk.length - 4);
  const afterIhdr = 8 + 8 + png.readUInt32BE(8) + 4; // signature, then IHDR's length, type, data, CRC
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

/** Whether an EXIF block (as sharp's metadata gives it) has a GPS directory: IFD0 tag 0x8825. */
function hasGpsDirectory(exif: Buffer): boolean {
  const start = exif.indexOf('Exif\0\0');
  if (start < 0) return false;
  const tiff = exif.subarray(start + 6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let entry = 0; entry < u16(ifd0); entry += 1) {
    if (u16(ifd0 + 2 + entry * 12) === 0x8825) return true;
  }
  return false;
}

/** The RGBA value of one pixel of an encoded image. */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number, number]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)] as [number, number, number, number];
}

function variant(variants: LogoVariant[], name: LogoVariant['variant']): LogoVariant {
  const found = variants.find((candidate) => candidate.variant === name);
  if (!found) throw new Error(`no ${name} among ${variants.map((v) => v.variant).join(', ')}`);
  return found;
}

/** The refusal processLogo throws for these bytes (fails the test when it accepts them). */
async function refusalOf(bytes: Uint8Array): Promise<LogoRefused> {
  try {
    await processLogo(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(LogoRefused);
    return error as LogoRefused;
  }
  throw new Error('processLogo accepted the file');
}

async function expectRefused(bytes: Uint8Array, code: LogoRefusal): Promise<void> {
  const refusal = await refusalOf(bytes);
  expect(refusal.code).toBe(code);
  expect(refusal.statusCode).toBe(code === 'LOGO_TOO_LARGE' ? 413 : 400);
}

const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1e3a8a' } })
    .png()
    .toBuffer();

describe('processLogo: accepted logos', () => {
  const inputs: Record<'png' | 'jpeg' | 'webp', Buffer> = {
    png: Buffer.alloc(0),
    jpeg: Buffer.alloc(0),
    webp: Buffer.alloc(0),
  };
  const outputs: Record<'png' | 'jpeg' | 'webp', LogoVariant[]> = { png: [], jpeg: [], webp: [] };

  beforeAll(async () => {
    inputs.png = withPngText(await logoWithMetadata('png'), 'Author', 'Secret Author');
    inputs.jpeg = await logoWithMetadata('jpeg');
    inputs.webp = await logoWithMetadata('webp');
    for (const format of ['png', 'jpeg', 'webp'] as const)
      outputs[format] = await processLogo(inputs[format]);
  });

  it.each(['png', 'jpeg', 'webp'] as const)(
    'a %s logo gives the five variants at their sizes',
    async (format) => {
      const variants = outputs[format];
      expect(
        variants.map(({ variant, contentType, width, height }) => ({ variant, contentType, width, height })),
      ).toEqual(
        EXPECTED_VARIANTS.map(({ variant, contentType, width, height }) => ({
          variant,
          contentType,
          width,
          height,
        })),
      );
      for (const expected of EXPECTED_VARIANTS) {
        const metadata = await sharp(variant(variants, expected.variant).bytes).metadata();
        expect({
          variant: expected.variant,
          format: metadata.format,
          width: metadata.width,
          height: metadata.height,
        }).toEqual({
          variant: expected.variant,
          format: expected.format,
          width: expected.width,
          height: expected.height,
        });
      }
    },
  );

  it.each(['png', 'jpeg', 'webp'] as const)(
    'a %s logo loses its EXIF, XMP, ICC profile and text',
    async (format) => {
      const input = await sharp(inputs[format]).metadata();
      // The fixture does carry the metadata (otherwise this test would prove nothing).
      expect(input.exif?.toString('latin1')).toContain('Secret Owner');
      expect(input.xmpAsString).toContain('Secret Author');
      expect(input.icc).toBeDefined();
      if (format === 'png') expect(input.comments).toEqual([{ keyword: 'Author', text: 'Secret Author' }]);

      for (const { variant: name, bytes } of outputs[format]) {
        const metadata = await sharp(bytes).metadata();
        const kept = {
          exif: metadata.exif,
          xmp: metadata.xmp,
          icc: metadata.icc,
          iptc: metadata.iptc,
          comments: metadata.comments,
        };
        expect({ name, ...kept }).toEqual({ name });
        expect(bytes.includes('Secret')).toBe(false);
      }
    },
  );

  it('keeps transparency in the header and icon-32, fills it with white in icon-180 and social.png', async () => {
    const variants = outputs.png;
    // The header's corner is outside the rounded square; icon-32's top row is above the wide logo.
    expect((await pixel(variant(variants, 'header.webp').bytes, 0, 0))[3]).toBe(0);
    expect((await pixel(variant(variants, 'header.png').bytes, 0, 0))[3]).toBe(0);
    expect((await pixel(variant(variants, 'icon-32.png').bytes, 16, 0))[3]).toBe(0);
    expect(await pixel(variant(variants, 'icon-180.png').bytes, 90, 0)).toEqual([255, 255, 255, 255]);
    expect((await sharp(variant(variants, 'icon-180.png').bytes).metadata()).hasAlpha).toBe(false);
    const social = variant(variants, 'social.png').bytes;
    expect((await sharp(social).metadata()).hasAlpha).toBe(false);
    // White padding around the logo, the logo (the teal bar, right of centre) in the middle.
    expect(await pixel(social, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(await pixel(social, 150, 315)).toEqual([255, 255, 255, 255]);
    const [red, green, blue] = await pixel(social, 800, 315);
    expect({ red, green, blue }).toEqual({
      red: expect.closeTo(0x0f, -1),
      green: expect.closeTo(0x76, -1),
      blue: expect.closeTo(0x6e, -1),
    });
  });

  it('keeps the output small', () => {
    const sizes = Object.fromEntries(outputs.png.map(({ variant: name, bytes }) => [name, bytes.length]));
    expect(sizes['header.webp']).toBeLessThan(8_000);
    expect(sizes['header.png']).toBeLessThan(12_000);
    expect(sizes['icon-32.png']).toBeLessThan(2_000);
    expect(sizes['social.png']).toBeLessThan(30_000);
  });

  it('never enlarges a small logo in the header or on the social image', async () => {
    const variants = await processLogo(await solidPng(40, 20));
    expect(variant(variants, 'header.webp')).toMatchObject({ width: 40, height: 20 });
    expect(variant(variants, 'header.png')).toMatchObject({ width: 40, height: 20 });
    expect(variant(variants, 'icon-180.png')).toMatchObject({ width: 180, height: 180 });
    const social = variant(variants, 'social.png').bytes;
    expect(await pixel(social, 600, 315)).toEqual([0x1e, 0x3a, 0x8a, 255]);
    expect(await pixel(social, 600 - 25, 315)).toEqual([255, 255, 255, 255]);
    expect(await pixel(social, 600, 315 - 15)).toEqual([255, 255, 255, 255]);
  });

  it('accepts a 16×16 logo, the smallest', async () => {
    const variants = await processLogo(await solidPng(16, 16));
    expect(variant(variants, 'icon-32.png')).toMatchObject({ width: 32, height: 32 });
  });
});

describe('processLogo: EXIF', () => {
  it('drops the GPS position of a photo', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c2410c' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .toBuffer();
    const input = await sharp(photo).metadata();
    expect(hasGpsDirectory(input.exif ?? Buffer.alloc(0))).toBe(true);

    const variants = await processLogo(photo);
    expect(variants).toHaveLength(5);
    for (const { variant: name, bytes } of variants) {
      expect({ name, exif: (await sharp(bytes).metadata()).exif }).toEqual({ name });
      expect(bytes.includes('PhoneMaker')).toBe(false);
    }
  });

  it('turns a photo upright by its EXIF orientation before dropping it', async () => {
    // Stored 200×100, top half red and bottom half blue; orientation 6 shows it turned a quarter
    // clockwise: 100×200, blue on the left and red on the right.
    const width = 200;
    const height = 100;
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1)
        raw.set(y < height / 2 ? [220, 0, 0] : [0, 0, 220], (y * width + x) * 3);
    }
    const photo = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ width: 200, height: 100, orientation: 6 });

    const variants = await processLogo(photo);
    const header = variant(variants, 'header.png');
    expect(header).toMatchObject({ width: 80, height: 160 });
    const [leftRed, , leftBlue] = await pixel(header.bytes, 10, 80);
    const [rightRed, , rightBlue] = await pixel(header.bytes, 70, 80);
    expect({ leftRed, leftBlue, rightRed, rightBlue }).toEqual({
      leftRed: expect.closeTo(0, -1.5),
      leftBlue: expect.closeTo(220, -1.5),
      rightRed: expect.closeTo(220, -1.5),
      rightBlue: expect.closeTo(0, -1.5),
    });
    for (const { bytes } of variants) expect((await sharp(bytes).metadata()).orientation).toBeUndefined();
  });
});

describe('processLogo: animated images', () => {
  it('takes the first frame of an animated WebP', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 100, height: 50, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#ff0000'), await frame('#0000ff')], {
      join: { animated: true },
    })
      .webp({ lossless: true, loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);

    const header = variant(await processLogo(animated), 'header.png');
    expect(header).toMatchObject({ width: 100, height: 50 });
    expect(await pixel(header.bytes, 50, 25)).toEqual([255, 0, 0, 255]);
    expect((await sharp(header.bytes).metadata()).pages).toBeUndefined();
  });
});

describe('processLogo: refused files', () => {
  it.each([
    ['a plain SVG', LOGO_SVG],
    [
      'an SVG with an XML prolog, a comment and a DOCTYPE',
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Generator: Drawing app -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${LOGO_SVG}`,
    ],
    [
      'an SVG with a script',
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>fetch('/api/account').then((r) => r.text()).then(alert)</script></svg>`,
    ],
    [
      'an SVG after a byte-order mark and blank lines',
      `\uFEFF\n\n  <svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="100" height="100"/>`,
    ],
  ])('refuses %s (LOGO_SVG)', async (_name, text) => {
    await expectRefused(Buffer.from(text, 'utf8'), 'LOGO_SVG');
  });

  it('refuses a file over 2 MB before decoding it (LOGO_TOO_LARGE, 413)', async () => {
    // PNG's signature then junk: decoding it would find it unreadable.
    const junk = Buffer.alloc(10 * 1024 * 1024, 0x41);
    junk.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expectRefused(junk, 'LOGO_TOO_LARGE');
    // A valid PNG padded after its end (decoders ignore what follows IEND): taken at exactly 2 MB,
    // refused one byte over.
    const png = await solidPng(100, 100);
    const atLimit = Buffer.alloc(LOGO_MAX_BYTES);
    png.copy(atLimit);
    expect(await processLogo(atLimit)).toHaveLength(5);
    await expectRefused(Buffer.concat([atLimit, Buffer.from([0])]), 'LOGO_TOO_LARGE');
  });

  it('refuses a PDF, a GIF, a gzip-compressed SVG, text and an empty file (LOGO_TYPE)', async () => {
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e3a8a' } })
      .gif()
      .toBuffer();
    expect(gif.toString('latin1', 0, 6)).toBe('GIF89a');
    await expectRefused(pdf, 'LOGO_TYPE');
    await expectRefused(gif, 'LOGO_TYPE');
    await expectRefused(gzipSync(LOGO_SVG), 'LOGO_TYPE');
    await expectRefused(Buffer.from('Our logo is a blue square.'), 'LOGO_TYPE');
    await expectRefused(Buffer.from(`<html><body>${LOGO_SVG}</body></html>`), 'LOGO_TYPE');
    await expectRefused(new Uint8Array(0), 'LOGO_TYPE');
  });

  it('refuses a file that starts like an image but does not decode (LOGO_UNREADABLE)', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1e3a8a' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await expectRefused(png.subarray(0, Math.floor(png.length / 2)), 'LOGO_UNREADABLE');
    const jpeg = await sharp(Buffer.from(LOGO_SVG)).jpeg().toBuffer();
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'LOGO_UNREADABLE');
    await expectRefused(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]), 'LOGO_UNREADABLE');
    await expectRefused(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 junk-junk', 'latin1'), 'LOGO_UNREADABLE');
  });

  it('refuses a logo smaller than 16×16 (LOGO_DIMENSIONS)', async () => {
    await expectRefused(await solidPng(10, 10), 'LOGO_DIMENSIONS');
    await expectRefused(await solidPng(400, 15), 'LOGO_DIMENSIONS');
  });

  it('refuses a small file with a huge canvas, a decompression bomb (LOGO_DIMENSIONS)', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(LOGO_MAX_BYTES);
    await expectRefused(bomb, 'LOGO_DIMENSIONS');
  });
});

describe('sniffImageType', () => {
  it('tells PNG, JPEG and WebP by their first bytes, whatever the rest', async () => {
    expect(sniffImageType(await solidPng(20, 20))).toBe('png');
    expect(
      sniffImageType(
        await sharp(await solidPng(20, 20))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      sniffImageType(
        await sharp(await solidPng(20, 20))
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it('finds an <svg> root after a prolog, in UTF-8 or UTF-16', () => {
    expect(sniffImageType(Buffer.from(LOGO_SVG))).toBe('svg');
    expect(sniffImageType(Buffer.from(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg/>`))).toBe(
      'svg',
    );
    expect(sniffImageType(Buffer.from(`\uFEFF<svg>`, 'utf16le'))).toBe('svg');
    expect(sniffImageType(Buffer.from('<!-- an svg? --><html><svg/></html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svgfoo/>'))).toBeNull();
    expect(sniffImageType(gzipSync(LOGO_SVG))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

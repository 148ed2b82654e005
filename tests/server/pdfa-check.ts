/**
 * The rules of PDF/A-2b (ISO 19005-2, level B) that can be read from the file itself, checked the way
 * a validator would (veraPDF cannot be installed here). `checkPdfA` returns the broken rules, each
 * with its clause; an empty list means none of these rules is broken. What it checks:
 * - 6.1.2: the header `%PDF-1.n` (n ≤ 7), then a comment of four bytes above 127;
 * - 6.1.3: a trailer with an ID and no Encrypt; `startxref` pointing at the cross-reference table;
 * - 6.1.7.1: no stream refers to an external file (F, FFilter, FDecodeParms); 6.1.7.2: no LZW, no Crypt;
 * - 6.2.2, 6.2.3: an OutputIntent GTS_PDFA1 whose DestOutputProfile is an ICC profile of as many
 *   components as it says;
 * - 6.2.5: no transfer function or halftone origin in a graphics state (TR, TR2 other than Default,
 *   HTO); 6.2.8: no image with Interpolate true nor Alternates; 6.2.9: no PostScript XObject, no OPI;
 * - 6.2.10: a transparency group only with an OutputIntent; only standard blend modes;
 * - 6.2.11.2, 6.2.11.4: every font embedded (FontFile, FontFile2, FontFile3); 6.2.11.3.2: a
 *   CIDFontType2 has its CIDToGIDMap;
 * - 6.2.11.8: no text drawn with the .notdef glyph (CID 0), and here also every CID drawn has text in
 *   the font's ToUnicode (not a PDF/A-2b rule: a letter missing from the text layer, as "I" was);
 * - 6.3: annotations of allowed types, printed (flag 4), not hidden, each but Popup and Link with a
 *   normal appearance (AP N: a signature's widget too, even an invisible one);
 * - 6.6.1: no JavaScript, no Launch action, no additional actions (AA) on the catalog or pages;
 * - 6.6.2.1: a Metadata stream in the catalog, not filtered; 6.6.2.2: a readable XMP packet without
 *   the `bytes` or `encoding` attributes; 6.6.2.3.1: every entry of the information dictionary with
 *   an XMP analogue present there with the same value (Title, Author, Subject, Keywords, Creator,
 *   Producer, CreationDate, ModDate); 6.6.4: pdfaid:part 2 and pdfaid:conformance B;
 * - 6.8: no embedded files (level B allows only PDF/A files; these documents embed none).
 */
import { inflateSync } from 'node:zlib';

type PdfValue =
  | { type: 'name'; value: string }
  | { type: 'string'; bytes: Buffer }
  | { type: 'number'; value: number }
  | { type: 'ref'; id: number }
  | { type: 'bool'; value: boolean }
  | { type: 'null' }
  | { type: 'array'; items: PdfValue[] }
  | { type: 'dict'; entries: Map<string, PdfValue> };

interface PdfObject {
  dict: Map<string, PdfValue> | null;
  value: PdfValue;
  stream: Buffer | null;
}

const WHITE = /[\0\t\n\f\r ]/;
const DELIMITER = /[()<>[\]{}/%]/;

/** A reader of PDF objects from `text` (the file as latin1) from `start`. */
class Parser {
  constructor(
    private readonly text: string,
    public at = 0,
  ) {}

  private skip(): void {
    for (;;) {
      while (this.at < this.text.length && WHITE.test(this.text[this.at] ?? '')) this.at += 1;
      if (this.text[this.at] !== '%') return;
      while (this.at < this.text.length && !/[\r\n]/.test(this.text[this.at] ?? '')) this.at += 1;
    }
  }

  private word(): string {
    const start = this.at;
    while (
      this.at < this.text.length &&
      !WHITE.test(this.text[this.at] ?? '') &&
      !DELIMITER.test(this.text[this.at] ?? '')
    )
      this.at += 1;
    return this.text.slice(start, this.at);
  }

  value(): PdfValue {
    this.skip();
    const character = this.text[this.at];
    if (this.text.startsWith('<<', this.at)) {
      this.at += 2;
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skip();
        if (this.text.startsWith('>>', this.at)) {
          this.at += 2;
          return { type: 'dict', entries };
        }
        const key = this.value();
        if (key.type !== 'name') throw new Error(`A dictionary key is not a name at ${this.at}`);
        entries.set(key.value, this.value());
      }
    }
    if (character === '[') {
      this.at += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skip();
        if (this.text[this.at] === ']') {
          this.at += 1;
          return { type: 'array', items };
        }
        items.push(this.value());
      }
    }
    if (character === '/') {
      this.at += 1;
      return {
        type: 'name',
        value: this.word().replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        ),
      };
    }
    if (character === '(') return { type: 'string', bytes: this.literal() };
    if (character === '<') {
      const end = this.text.indexOf('>', this.at);
      const hex = this.text.slice(this.at + 1, end).replace(/\s/g, '');
      this.at = end + 1;
      return { type: 'string', bytes: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex') };
    }
    const token = this.word();
    if (token === 'true' || token === 'false') return { type: 'bool', value: token === 'true' };
    if (token === 'null') return { type: 'null' };
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) {
      // `n g R`: a reference.
      const mark = this.at;
      this.skip();
      const generation = this.word();
      this.skip();
      const after = this.text[this.at + 1] ?? ' ';
      if (
        /^\d+$/.test(generation) &&
        this.text[this.at] === 'R' &&
        (WHITE.test(after) || DELIMITER.test(after))
      ) {
        this.at += 1;
        return { type: 'ref', id: Number(token) };
      }
      this.at = mark;
      return { type: 'number', value: Number(token) };
    }
    throw new Error(`Unreadable PDF token "${token}${character ?? ''}" at ${this.at}`);
  }

  private literal(): Buffer {
    const bytes: number[] = [];
    let depth = 0;
    this.at += 1;
    for (;;) {
      const character = this.text[this.at] ?? '';
      this.at += 1;
      if (character === '\\') {
        const next = this.text[this.at] ?? '';
        this.at += 1;
        const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
        if (next in escapes) bytes.push(escapes[next] ?? 0);
        else if (/[0-7]/.test(next)) {
          let octal = next;
          while (octal.length < 3 && /[0-7]/.test(this.text[this.at] ?? '')) {
            octal += this.text[this.at];
            this.at += 1;
          }
          bytes.push(parseInt(octal, 8) & 0xff);
        } else if (next === '\r' || next === '\n') {
          if (next === '\r' && this.text[this.at] === '\n') this.at += 1;
        } else bytes.push(next.charCodeAt(0));
        continue;
      }
      if (character === '(') depth += 1;
      if (character === ')') {
        if (depth === 0) return Buffer.from(bytes);
        depth -= 1;
      }
      if (this.at > this.text.length) throw new Error('Unterminated string');
      bytes.push(character.charCodeAt(0));
    }
  }

  /** The operands and operators of a content stream, in order. */
  *operations(): Generator<{ operator: string; operands: PdfValue[] }> {
    let operands: PdfValue[] = [];
    for (;;) {
      this.skip();
      if (this.at >= this.text.length) return;
      const character = this.text[this.at] ?? '';
      if (/[0-9+\-.([</]/.test(character) || this.text.startsWith('<<', this.at)) {
        operands.push(this.value());
        continue;
      }
      const operator = this.word() || (this.at++, character);
      if (operator === 'true' || operator === 'false') {
        operands.push({ type: 'bool', value: operator === 'true' });
        continue;
      }
      if (operator === 'BI') {
        // An inline image: its data runs to "EI".
        const end = this.text.indexOf('EI', this.at);
        this.at = end + 2;
        operands = [];
        continue;
      }
      yield { operator, operands };
      operands = [];
    }
  }
}

/** A PDF text string: UTF-16BE after its byte-order mark, otherwise PDFDocEncoding (Latin-1 here). */
function textOf(value: PdfValue | undefined): string | undefined {
  if (value?.type !== 'string') return undefined;
  const { bytes } = value;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  return bytes.toString('latin1');
}

/** A PDF date (D:YYYYMMDDHHmmSS followed by Z or ±HH'mm') as milliseconds. */
function pdfDate(text: string | undefined): number | undefined {
  const match = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text ?? '');
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`;
  return Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
}

const STANDARD_BLEND_MODES = new Set([
  'Normal',
  'Compatible',
  'Multiply',
  'Screen',
  'Overlay',
  'Darken',
  'Lighten',
  'ColorDodge',
  'ColorBurn',
  'HardLight',
  'SoftLight',
  'Difference',
  'Exclusion',
  'Hue',
  'Saturation',
  'Color',
  'Luminosity',
]);
const FORBIDDEN_ANNOTATIONS = new Set(['3D', 'Sound', 'Screen', 'Movie', 'FileAttachment']);

/** The CID → text map of a ToUnicode CMap (bfchar and bfrange, as any writer may use them). */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) => {
    const bytes = Buffer.from(hex.replace(/\s/g, ''), 'hex');
    bytes.swap16();
    return bytes.toString('utf16le');
  };
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code = '', target = ''] of (section[1] ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g,
    ))
      map.set(parseInt(code, 16), text(target));
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = section[1] ?? '';
    for (const match of body.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]*>)/g)) {
      const start = parseInt(match[1] ?? '0', 16);
      const end = parseInt(match[2] ?? '0', 16);
      const target = match[3] ?? '';
      if (target.startsWith('[')) {
        const targets = [...target.matchAll(/<([0-9A-Fa-f]*)>/g)].map((item) => text(item[1] ?? ''));
        for (let code = start; code <= end; code += 1) map.set(code, targets[code - start] ?? '');
      } else {
        const first = text(target.slice(1, -1));
        for (let code = start; code <= end; code += 1)
          map.set(
            code,
            first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + code - start),
          );
      }
    }
  }
  return map;
}

interface XmlElement {
  namespace: string;
  local: string;
  /** `namespace|local` → value. */
  attributes: Map<string, string>;
  children: (XmlElement | string)[];
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with its character and entity references resolved; a bare "&" or "<" is not well-formed. */
function xmlText(raw: string): string {
  if (/[<]/.test(raw) || /&/.test(raw.replace(ENTITY, '')))
    throw new Error(`Not well-formed text: ${raw.slice(0, 40)}`);
  return raw.replace(/&(#x?)?(\w+);/g, (_, numeric: string | undefined, name: string) =>
    numeric ? String.fromCodePoint(parseInt(name, numeric === '#x' ? 16 : 10)) : (NAMED_ENTITIES[name] ?? ''),
  );
}

/**
 * A namespace-aware reading of an XML document that throws where it is not well-formed (unclosed or
 * crossed elements, a bare "&", an attribute without quotes, an undeclared prefix): enough for an
 * XMP packet, which has no DTD.
 */
function parseXml(source: string): XmlElement {
  const body = source.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const root: XmlElement = { namespace: '', local: '#document', attributes: new Map(), children: [] };
  const stack: { element: XmlElement; name: string; prefixes: Map<string, string> }[] = [
    { element: root, name: '', prefixes: new Map([['xml', XML_NAMESPACE]]) },
  ];
  for (const [token] of body.matchAll(/<[^>]*>|[^<]+/g)) {
    const top = stack.at(-1);
    if (!top) throw new Error('Unbalanced XML');
    if (!token.startsWith('<')) {
      const text = xmlText(token);
      if (stack.length === 1 && text.trim() !== '') throw new Error('Text outside the root element');
      top.element.children.push(text);
      continue;
    }
    const closing = /^<\/([^\s>]+)\s*>$/.exec(token);
    if (closing) {
      if (closing[1] !== top.name) throw new Error(`</${closing[1] ?? ''}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const opening =
      /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>$/.exec(token);
    if (!opening) throw new Error(`Not well-formed tag: ${token.slice(0, 40)}`);
    const [, name = '', attributeText = '', selfClosing] = opening;
    const raw = [...attributeText.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*("[^"]*"|'[^']*')/g)].map(
      ([, key = '', value = '']) => [key, xmlText(value.slice(1, -1))] as const,
    );
    const prefixes = new Map(top.prefixes);
    for (const [key, value] of raw) {
      if (key === 'xmlns') prefixes.set('', value);
      else if (key.startsWith('xmlns:')) prefixes.set(key.slice(6), value);
    }
    const resolve = (qualified: string, isAttribute: boolean) => {
      const [prefix, local] = qualified.includes(':') ? qualified.split(':', 2) : ['', qualified];
      const namespace = prefix === '' && isAttribute ? '' : prefixes.get(prefix ?? '');
      if (namespace === undefined) throw new Error(`Undeclared prefix in ${qualified}`);
      return { namespace, local: local ?? '' };
    };
    const element: XmlElement = { ...resolve(name, false), attributes: new Map(), children: [] };
    for (const [key, value] of raw) {
      if (key === 'xmlns' || key.startsWith('xmlns:')) continue;
      const { namespace, local } = resolve(key, true);
      element.attributes.set(`${namespace}|${local}`, value);
    }
    if (stack.length === 1 && root.children.some((child) => typeof child !== 'string'))
      throw new Error('More than one root element');
    top.element.children.push(element);
    if (!selfClosing) stack.push({ element, name, prefixes });
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)?.name ?? ''}> is never closed`);
  return root;
}

function* elements(node: XmlElement): Generator<XmlElement> {
  for (const child of node.children)
    if (typeof child !== 'string') {
      yield child;
      yield* elements(child);
    }
}

const textContent = (node: XmlElement): string =>
  node.children.map((child) => (typeof child === 'string' ? child : textContent(child))).join('');

export function checkPdfA(pdf: Buffer): string[] {
  const problems: string[] = [];
  const text = pdf.toString('latin1');

  // 6.1.2: header and binary comment.
  const header = /^%PDF-1\.(\d)\r?\n/.exec(text);
  if (!header) problems.push('6.1.2: the file does not start with %PDF-1.n');
  else {
    if (Number(header[1]) > 7) problems.push('6.1.2: a PDF version above 1.7');
    const commentStart = header[0].length;
    const comment = pdf.subarray(commentStart, pdf.indexOf(0x0a, commentStart));
    if (comment[0] !== 0x25 || [...comment.subarray(1, 5)].some((byte) => byte <= 127) || comment.length < 5)
      problems.push('6.1.2: no comment of four bytes above 127 after the header');
  }

  // Objects.
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(?:^|[\r\n])(\d+) (\d+) obj\b/g)) {
    const id = Number(match[1]);
    const parser = new Parser(text, (match.index ?? 0) + match[0].length);
    const value = parser.value();
    let stream: Buffer | null = null;
    const after = /^\s*stream\r?\n/.exec(text.slice(parser.at, parser.at + 20));
    if (after && value.type === 'dict') {
      const length = value.entries.get('Length');
      const start = parser.at + after[0].length;
      const size = length?.type === 'number' ? length.value : text.indexOf('endstream', start) - start;
      stream = pdf.subarray(start, start + size);
    }
    objects.set(id, { dict: value.type === 'dict' ? value.entries : null, value, stream });
  }
  const resolve = (value: PdfValue | undefined): PdfValue | undefined =>
    value?.type === 'ref' ? objects.get(value.id)?.value : value;
  const dictOf = (value: PdfValue | undefined) => {
    const resolved = resolve(value);
    return resolved?.type === 'dict' ? resolved.entries : undefined;
  };
  const nameOf = (value: PdfValue | undefined) => {
    const resolved = resolve(value);
    return resolved?.type === 'name' ? resolved.value : undefined;
  };
  const arrayOf = (value: PdfValue | undefined) => {
    const resolved = resolve(value);
    return resolved?.type === 'array' ? resolved.items : [];
  };
  const streamOf = (value: PdfValue | undefined): Buffer | undefined => {
    if (value?.type !== 'ref') return undefined;
    const object = objects.get(value.id);
    if (!object?.stream) return undefined;
    const filters = arrayOf(object.dict?.get('Filter')).map(nameOf);
    const filter = nameOf(object.dict?.get('Filter'));
    if (filter === 'FlateDecode' || filters.includes('FlateDecode')) return inflateSync(object.stream);
    return object.stream;
  };

  // 6.1.3: trailer and cross-reference.
  const trailerAt = text.lastIndexOf('trailer');
  const trailer = trailerAt >= 0 ? dictOf(new Parser(text, trailerAt + 'trailer'.length).value()) : undefined;
  if (!trailer) problems.push('6.1.3: no trailer');
  if (trailer?.has('Encrypt')) problems.push('6.1.3: the file is encrypted');
  if (arrayOf(trailer?.get('ID')).length !== 2) problems.push('6.1.3: the trailer has no ID');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!startxref || !text.startsWith('xref', Number(startxref[1])))
    problems.push('6.1.3: startxref does not point at the cross-reference table');

  // Every dictionary, for the keys no PDF/A file may hold.
  for (const [id, object] of objects) {
    const entries = object.dict;
    if (!entries) continue;
    if (object.stream && ['F', 'FFilter', 'FDecodeParms'].some((key) => entries.has(key)))
      problems.push(`6.1.7.1: stream ${id} refers to an external file`);
    const filters = [nameOf(entries.get('Filter')), ...arrayOf(entries.get('Filter')).map(nameOf)];
    if (filters.includes('LZWDecode') || filters.includes('Crypt'))
      problems.push(`6.1.7.2: stream ${id} uses the LZW or Crypt filter`);
    const type = nameOf(entries.get('Type'));
    const subtype = nameOf(entries.get('Subtype'));
    const action = nameOf(entries.get('S'));
    if (action === 'JavaScript' || entries.has('JS') || action === 'Launch')
      problems.push(`6.6.1: object ${id} is a JavaScript or Launch action`);
    if (entries.has('JavaScript')) problems.push(`6.6.1: object ${id} names JavaScript`);
    if (entries.has('EmbeddedFiles')) problems.push(`6.8: object ${id} embeds files`);
    if (type === 'ExtGState') {
      if (entries.has('TR')) problems.push(`6.2.5: graphics state ${id} has a transfer function`);
      const tr2 = entries.get('TR2');
      if (tr2 && nameOf(tr2) !== 'Default') problems.push(`6.2.5: graphics state ${id} has TR2`);
      if (entries.has('HTO')) problems.push(`6.2.5: graphics state ${id} has HTO`);
      const blend = nameOf(entries.get('BM'));
      if (blend && !STANDARD_BLEND_MODES.has(blend)) problems.push(`6.2.10: blend mode ${blend}`);
    }
    if (subtype === 'Image') {
      if (
        resolve(entries.get('Interpolate'))?.type === 'bool' &&
        (resolve(entries.get('Interpolate')) as { value: boolean }).value
      )
        problems.push(`6.2.8: image ${id} is interpolated`);
      if (entries.has('Alternates')) problems.push(`6.2.8: image ${id} has alternates`);
    }
    if (subtype === 'PS' || entries.has('OPI')) problems.push(`6.2.9: object ${id} is PostScript or OPI`);
    if (type === 'Annot' || (subtype && FORBIDDEN_ANNOTATIONS.has(subtype) && entries.has('Rect'))) {
      if (subtype && FORBIDDEN_ANNOTATIONS.has(subtype))
        problems.push(`6.3.1: annotation ${id} of type ${subtype}`);
      const flags = resolve(entries.get('F'));
      const value = flags?.type === 'number' ? flags.value : 0;
      if ((value & 4) === 0 || (value & 2) !== 0) problems.push(`6.3.2: annotation ${id} is not printed`);
      if (subtype !== 'Popup' && subtype !== 'Link' && !dictOf(entries.get('AP'))?.has('N'))
        problems.push(`6.3.3: annotation ${id} (${subtype ?? 'no subtype'}) has no normal appearance`);
    }
  }

  // The catalog.
  const catalog = dictOf(trailer?.get('Root'));
  if (!catalog) {
    problems.push('The trailer names no catalog');
    return problems;
  }
  if (catalog.has('AA')) problems.push('6.6.1: the catalog has additional actions');
  const openAction = dictOf(catalog.get('OpenAction'));
  if (openAction && ['JavaScript', 'Launch'].includes(nameOf(openAction.get('S')) ?? ''))
    problems.push('6.6.1: the catalog opens with a JavaScript or Launch action');

  // 6.2.2, 6.2.3: OutputIntent.
  const intents = arrayOf(catalog.get('OutputIntents')).map(dictOf);
  const intent = intents.find((entries) => nameOf(entries?.get('S')) === 'GTS_PDFA1');
  if (!intent) problems.push('6.2.3: no GTS_PDFA1 OutputIntent');
  else {
    const profileRef = intent.get('DestOutputProfile');
    const profile = streamOf(profileRef);
    const components = profileRef?.type === 'ref' ? objects.get(profileRef.id)?.dict?.get('N') : undefined;
    if (!profile || profile.subarray(36, 40).toString('latin1') !== 'acsp')
      problems.push('6.2.3: the OutputIntent has no ICC profile');
    else {
      const space = profile.subarray(16, 20).toString('latin1');
      const expected = { 'RGB ': 3, GRAY: 1, CMYK: 4 }[space];
      if (components?.type !== 'number' || components.value !== expected)
        problems.push(`6.2.3: the ICC profile (${space}) does not have N ${String(expected)}`);
    }
  }
  if (intents.length > 1) {
    const profiles = new Set(intents.map((entries) => JSON.stringify(entries?.get('DestOutputProfile'))));
    if (profiles.size > 1) problems.push('6.2.3: OutputIntents with different profiles');
  }

  // 6.6.2: XMP metadata.
  const metadataRef = catalog.get('Metadata');
  const metadataObject = metadataRef?.type === 'ref' ? objects.get(metadataRef.id) : undefined;
  let xmp: XmlElement | undefined;
  if (!metadataObject?.stream) problems.push('6.6.2.1: the catalog has no Metadata stream');
  else {
    if (metadataObject.dict?.has('Filter')) problems.push('6.6.2.1: the Metadata stream is filtered');
    const packet = metadataObject.stream.toString('utf8');
    const begin = /<\?xpacket\s[^?]*\?>/.exec(packet)?.[0] ?? '';
    if (!begin) problems.push('6.6.2.2: the XMP has no xpacket header');
    if (/\b(bytes|encoding)=/.test(begin)) problems.push('6.6.2.2: the xpacket header has bytes or encoding');
    try {
      xmp = parseXml(packet.replace(/^\uFEFF/, ''));
    } catch (error) {
      problems.push(`6.6.2.2: the XMP is not well-formed XML (${(error as Error).message})`);
    }
  }
  if (xmp) {
    const tree = xmp;
    const NS = {
      pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
      dc: 'http://purl.org/dc/elements/1.1/',
      xmp: 'http://ns.adobe.com/xap/1.0/',
      pdf: 'http://ns.adobe.com/pdf/1.3/',
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
    };
    const all = [...elements(tree)];
    const find = (namespace: string, local: string) =>
      all.find((element) => element.namespace === namespace && element.local === local);
    const property = (namespace: string, name: string): string | undefined => {
      const element = find(namespace, name);
      if (element) return textContent(element);
      // The short form: an attribute of rdf:Description.
      for (const description of all.filter(
        (item) => item.namespace === NS.rdf && item.local === 'Description',
      )) {
        const value = description.attributes.get(`${namespace}|${name}`);
        if (value !== undefined) return value;
      }
      return undefined;
    };
    const listItem = (namespace: string, name: string): string | undefined => {
      const element = find(namespace, name);
      if (!element) return undefined;
      const items = [...elements(element)].filter((item) => item.namespace === NS.rdf && item.local === 'li');
      const preferred =
        items.find((item) => item.attributes.get(`${XML_NAMESPACE}|lang`) === 'x-default') ?? items[0];
      return preferred ? textContent(preferred) : undefined;
    };
    if (property(NS.pdfaid, 'part')?.trim() !== '2') problems.push('6.6.4: pdfaid:part is not 2');
    if (property(NS.pdfaid, 'conformance')?.trim() !== 'B')
      problems.push('6.6.4: pdfaid:conformance is not B');
    const info = dictOf(trailer?.get('Info'));
    const pairs: [string, string | undefined, 'text' | 'date'][] = [
      ['Title', listItem(NS.dc, 'title'), 'text'],
      ['Author', listItem(NS.dc, 'creator'), 'text'],
      ['Subject', listItem(NS.dc, 'description'), 'text'],
      ['Keywords', property(NS.pdf, 'Keywords'), 'text'],
      ['Creator', property(NS.xmp, 'CreatorTool'), 'text'],
      ['Producer', property(NS.pdf, 'Producer'), 'text'],
      ['CreationDate', property(NS.xmp, 'CreateDate'), 'date'],
      ['ModDate', property(NS.xmp, 'ModifyDate'), 'date'],
    ];
    for (const [key, analogue, kind] of pairs) {
      const entry = textOf(resolve(info?.get(key)));
      if (entry === undefined) continue;
      if (analogue === undefined) {
        problems.push(`6.6.2.3.1: Info /${key} has no XMP analogue`);
        continue;
      }
      const equal = kind === 'date' ? pdfDate(entry) === Date.parse(analogue.trim()) : entry === analogue;
      if (!equal)
        problems.push(`6.6.2.3.1: Info /${key} "${entry}" differs from its XMP analogue "${analogue}"`);
    }
  }

  // Pages: additional actions, transparency groups, fonts and the text they draw.
  const fontsChecked = new Map<number, { toUnicode: Map<number, string> | null }>();
  const checkFont = (ref: PdfValue | undefined) => {
    const id = ref?.type === 'ref' ? ref.id : -1;
    const known = fontsChecked.get(id);
    if (known) return known;
    const font = dictOf(ref);
    const subtype = nameOf(font?.get('Subtype'));
    const descendants = subtype === 'Type0' ? arrayOf(font?.get('DescendantFonts')).map(dictOf) : [font];
    for (const descendant of descendants) {
      const descriptor = dictOf(descendant?.get('FontDescriptor'));
      if (subtype === 'Type3') continue;
      if (!descriptor || !['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(key)))
        problems.push(`6.2.11.4: font ${nameOf(font?.get('BaseFont')) ?? id} is not embedded`);
      if (nameOf(descendant?.get('Subtype')) === 'CIDFontType2' && !descendant?.has('CIDToGIDMap'))
        problems.push(`6.2.11.3.2: CID font ${nameOf(font?.get('BaseFont')) ?? id} has no CIDToGIDMap`);
    }
    const cmap = streamOf(font?.get('ToUnicode'));
    const result = { toUnicode: subtype === 'Type0' && cmap ? toUnicodeMap(cmap.toString('latin1')) : null };
    fontsChecked.set(id, result);
    return result;
  };

  const pages: Map<string, PdfValue>[] = [];
  const walk = (value: PdfValue | undefined, inherited: Map<string, PdfValue>) => {
    const node = dictOf(value);
    if (!node) return;
    const resources = node.get('Resources') ?? inherited.get('Resources');
    const carried = new Map(inherited);
    if (resources) carried.set('Resources', resources);
    if (nameOf(node.get('Type')) === 'Pages') for (const kid of arrayOf(node.get('Kids'))) walk(kid, carried);
    else pages.push(new Map([...carried, ...node]));
  };
  walk(catalog.get('Pages'), new Map());
  if (pages.length === 0) problems.push('The document has no page');
  pages.forEach((page, index) => {
    const number = index + 1;
    if (page.has('AA')) problems.push(`6.6.1: page ${number} has additional actions`);
    const group = dictOf(page.get('Group'));
    if (nameOf(group?.get('S')) === 'Transparency' && !intent && !group?.has('CS'))
      problems.push(`6.2.10: page ${number} has a transparency group with no colour space`);
    const fonts = dictOf(dictOf(page.get('Resources'))?.get('Font'));
    const contents = page.get('Contents');
    const streams = (resolve(contents)?.type === 'array' ? arrayOf(contents) : [contents]).map(streamOf);
    const content = streams.map((stream) => stream?.toString('latin1') ?? '').join('\n');
    let current: { toUnicode: Map<number, string> | null; name: string } | null = null;
    const notdef = new Set<string>();
    const textless = new Set<string>();
    const shown = (value: PdfValue) => {
      if (value.type !== 'string' || !current?.toUnicode) return;
      for (let at = 0; at + 1 < value.bytes.length; at += 2) {
        const cid = value.bytes.readUInt16BE(at);
        if (cid === 0) notdef.add(current.name);
        else if (!current.toUnicode.get(cid)) textless.add(`${current.name} CID ${cid}`);
      }
    };
    for (const { operator, operands } of new Parser(content).operations()) {
      if (operator === 'Tf') {
        const name = operands[0]?.type === 'name' ? operands[0].value : '';
        current = { ...checkFont(fonts?.get(name)), name };
      } else if (operator === 'Tj' || operator === "'") operands.forEach(shown);
      else if (operator === '"') shown(operands[2] ?? { type: 'null' });
      else if (operator === 'TJ') for (const item of arrayOf(operands[0])) shown(item);
    }
    for (const name of notdef) problems.push(`6.2.11.8: page ${number} draws .notdef with font ${name}`);
    for (const glyph of textless)
      problems.push(`Text layer: page ${number} draws ${glyph} with no text in ToUnicode`);
  });
  for (const [, font] of fontRefs(objects)) checkFont(font);
  return problems;
}

/** References to every font object of the file, drawn or not (each must be embedded). */
function fontRefs(objects: Map<number, PdfObject>): [number, PdfValue][] {
  return [...objects]
    .filter(
      ([, object]) =>
        object.dict?.get('Type')?.type === 'name' &&
        (object.dict.get('Type') as { value: string }).value === 'Font',
    )
    .map(([id]) => [id, { type: 'ref', id }]);
}

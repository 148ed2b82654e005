/**
 * Draws public/landing/statuts-preview.webp, the landing page's product visual: the top of the first page
 * of French SAS statutes, written by our own document generator from a sample company file, as a
 * customer would download them. Run again after a change to the statutes' template:
 * `npx tsx scripts/make-landing-preview.ts` (needs Debian's poppler-utils and webp: pdftoppm, cwebp).
 *
 * The picture keeps its size (PREVIEW_WIDTH × PREVIEW_HEIGHT): the landing page writes the same figures
 * into the <img> so that the browser reserves its place before it arrives (no layout shift).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDocumentBuilder } from '../server/services/documents/build-document';
import { writeDocument } from '../server/services/documents/write-document';
import { readCaenClasses, readWizardSource } from '../src/shared/wizard-source.node.ts';
import { resolveWizard } from '../src/shared/wizard-definition.ts';
import { completeCompanyFile } from '../tests/fixtures/company-file';

const OUT = 'public/landing/statuts-preview.webp';
/** Rendering resolution: sharp at about 430 CSS pixels wide on a screen of pixel ratio 2. */
const DPI = 120;
/** The crop, in pixels at DPI: the page's margins trimmed, from the title to the end of article 2. */
const CROP = { x: 67, y: 84, width: 860, height: 660 };

// The tests' sample file, with French words where a customer would have typed French.
const sample = completeCompanyFile(2, '2026-01-15', 'FR-SAS');
const company = {
  ...sample,
  corporatePurpose: 'la fabrication et la vente de pains, viennoiseries et pâtisseries.',
  subscribers: (sample.subscribers as Record<string, unknown>[]).map((subscriber, index) => ({
    ...subscriber,
    name: ['Camille Dupont', 'Thomas Martin'][index],
  })),
};

function run(command: string, args: string[]) {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${command} is missing: apt-get install -y poppler-utils webp`, { cause: error });
    }
    throw error;
  }
}

const root = process.cwd();
const builder = createDocumentBuilder({
  legalForms: resolveWizard(readWizardSource(root)).legalForms,
  caenClasses: readCaenClasses(root),
});
const document = builder.build('LEGAL_STATUSES', company, { language: 'fr' });

const work = mkdtempSync(path.join(tmpdir(), 'kreo-preview-'));
try {
  const pdf = path.join(work, 'statuts.pdf');
  writeFileSync(pdf, await writeDocument(document, 'pdf'));
  const page = path.join(work, 'page');
  // prettier-ignore
  run('pdftoppm', ['-png', '-gray', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile',
    '-x', String(CROP.x), '-y', String(CROP.y), '-W', String(CROP.width), '-H', String(CROP.height), pdf, page]);
  mkdirSync(path.dirname(OUT), { recursive: true });
  // Near-lossless: black text on white keeps its edges, and weighs less than with lossy WebP.
  run('cwebp', ['-quiet', '-near_lossless', '40', '-z', '9', '-metadata', 'none', `${page}.png`, '-o', OUT]);
  console.log(
    `Wrote ${OUT} (${CROP.width}×${CROP.height}, ${(statSync(OUT).size / 1024).toFixed(1)} kB): ${document.title}.`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

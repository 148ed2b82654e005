/**
 * `check:forms` on a country's filing guide (the `guide` section of
 * schemas/jurisdictions/registration/<country>.json, whose shape registration.schema.json holds): it
 * belongs to a step of the same file, its ids are used once, and every key it names is in fr, en and ro.
 */
import type { FilingGuide } from '../../src/features/dashboard/filing-guide/guide-content';
import type { ContentChecker } from './content-checker';

/** The guide's shared words (registration:guide.…), looked up by the dashboard's filing guide. */
export const GUIDE_LABEL_KEYS = [
  'show',
  'hide',
  'screens',
  'screen',
  'shownAs',
  'copy',
  'copied',
  'notInFile',
  'leaveEmpty',
  'uploads',
  'uploadSlot',
  'kreoDocument',
  'notOwned',
  'inPackage',
  'seePlans',
  'toVerify',
  'amended',
  'notSubmitted',
  'openService',
].map((key) => `registration:guide.${key}`);

export function checkGuide(
  checker: ContentChecker,
  where: string,
  guide: FilingGuide,
  stepIds: ReadonlySet<string>,
): void {
  const { problems } = checker;
  const place = `${where} guide`;
  if (!stepIds.has(guide.step)) problems.push(`${place}: step "${guide.step}" is not a step of this file`);
  checker.checkKey(place, 'service', guide.service);
  checker.checkKey(place, 'intro', guide.intro);
  if (guide.signature) {
    checker.checkKey(place, 'signature.title', guide.signature.title);
    checker.checkKey(place, 'signature.body', guide.signature.body);
    guide.signature.links.forEach((link, index) =>
      checker.checkKey(place, `signature.links[${index}].label`, link.label),
    );
  }
  const once = (what: string, ids: readonly string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) problems.push(`${place}: the ${what} id "${id}" is used twice`);
      seen.add(id);
    }
  };
  once(
    'screen',
    guide.screens.map((screen) => screen.id),
  );
  once(
    'upload',
    guide.uploads.map((upload) => upload.id),
  );
  for (const screen of guide.screens) {
    const at = `${place} screen ${screen.id}`;
    checker.checkKey(at, 'explanation', screen.explanation);
    once(
      `field (screen ${screen.id})`,
      screen.fields.map((field) => field.id),
    );
    for (const field of screen.fields) {
      checker.checkKey(`${at} field ${field.id}`, 'label', field.label);
      if (field.hint) checker.checkKey(`${at} field ${field.id}`, 'hint', field.hint);
    }
  }
  for (const upload of guide.uploads) {
    checker.checkKey(`${place} upload ${upload.id}`, 'label', upload.label);
    if (upload.obtain) checker.checkKey(`${place} upload ${upload.id}`, 'obtain', upload.obtain);
  }
}

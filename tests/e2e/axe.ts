import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { expect } from './real-server';

/** What axe-core's default rules (WCAG 2.0–2.2 A and AA, and its best practices) find: one line per rule broken. */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  // One region of a page (a selector): checked in itself, as it holds no frame.
  if (within) builder.include(within).setLegacyMode(true);
  // A page without frames is checked in itself (axe's "legacy" mode): the same rules and results, at half
  // the time, without the blank page the default mode opens to merge the frames' results (measured on
  // five pages with two violations planted, November 2026). A page with a frame (the site builder's
  // preview, sandboxed) keeps the default mode, which reaches inside it.
  else if (page.frames().length === 1) builder.setLegacyMode(true);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.nodes.length}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * Whether the test in `language` checks state number `state` with axe: one language per state, in turn.
 * axe's rules read the markup, which is the same in every language; the words each language puts in it
 * are read by the tests themselves, and their names and `lang` on every route in every language by
 * phone-pass.spec.ts. (axe took 15 % of the suite's time when every language ran it.)
 */
export function isAxeTurn(state: number, language: Language): boolean {
  return LANGUAGES[state % LANGUAGES.length] === language;
}

/** Every rule axe-core runs by default must pass, on the page or in one region of it (a selector). */
export async function expectNoViolations(page: Page, within?: string) {
  expect(await axeViolations(page, within)).toEqual([]);
}

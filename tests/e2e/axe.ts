import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './real-server';

/** What axe-core's default rules (WCAG 2.0–2.2 A and AA, and its best practices) find: one line per rule broken. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.nodes.length}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** Every rule axe-core runs by default must pass. */
export async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

import type { Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { text } from './locale-text';
import { expect } from './real-server';

/**
 * Reads the landing page down to its end, as a visitor does: once the hero is there, scroll until the
 * last section (the FAQ) has arrived; the sections below the hero load as the reader nears them.
 */
export async function readLandingToTheEnd(page: Page, language: Language) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const faq = page.getByRole('region', { name: text(language, 'marketing', 'faq.title'), exact: true });
  await expect(async () => {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    await expect(faq).toBeAttached({ timeout: 1_000 });
  }).toPass();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

import { readFileSync } from 'node:fs';
import { LANGUAGES } from '../../src/lib/i18n/languages';
import { expectNoViolations } from './axe';
import { useLanguage } from './fixtures';
import { readLandingToTheEnd } from './landing';
import { text } from './locale-text';
import { createAccount, expect, test } from './real-server';

const DOCUMENT_CARD_COUNT = (
  JSON.parse(readFileSync('schemas/documents.json', 'utf8')) as { cards: unknown[] }
).cards.length;

// Every route is checked by axe at phone width in phone-pass.spec.ts; here, at desktop width, the
// states a route shows only after a person acts or a server answers.
for (const language of LANGUAGES) {
  test.describe(`accessibility in ${language}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('the landing page, with its sections loaded and a FAQ answer open', async ({ page }) => {
      await page.goto('/');
      await readLandingToTheEnd(page, language);
      const faq = page.getByRole('region', { name: text(language, 'marketing', 'faq.title'), exact: true });
      await faq.getByRole('button').first().click();
      const pricing = page.getByRole('region', {
        name: text(language, 'marketing', 'pricing.title'),
        exact: true,
      });
      await expect(pricing.getByRole('article')).toHaveCount(3);
      await expectNoViolations(page);
    });

    test('/documents, locked cards and their hints', async ({ page }) => {
      await createAccount(page.request, language, 'Maria');
      await page.goto('/documents');
      // Before a legal form is chosen, every card of schemas/documents.json (both countries').
      await expect(page.getByRole('article')).toHaveCount(DOCUMENT_CARD_COUNT);
      await expect(page.getByRole('main')).toContainText(text(language, 'documents', 'locked.seePlans'));
      await expectNoViolations(page);
    });
  });
}

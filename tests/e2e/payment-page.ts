import type { Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { text } from './locale-text';

/** Pays on the server's local checkout page with the test card, in the account's language. */
export async function payWithTestCard(page: Page, language: Language) {
  await page.getByLabel(text(language, 'payment', 'cardNumber')).fill('4242 4242 4242 4242');
  await page.getByLabel(text(language, 'payment', 'expiry')).fill('12/40');
  await page.getByLabel(text(language, 'payment', 'cvc')).fill('123');
  await page.getByLabel(text(language, 'payment', 'cardholder')).fill('Camille Dupont');
  await page.getByRole('button', { name: text(language, 'payment', 'pay').split('{{')[0]?.trim() }).click();
}

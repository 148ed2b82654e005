import { LANGUAGES } from '../../src/lib/i18n/languages';
import { useLanguage } from './fixtures';
import { createAccount, expect, storedAccessToken, test } from './real-server';
import { orderOnCheckoutPage, payWithTestCard } from './payment-page';

for (const language of LANGUAGES) {
  test(`shots ${language} @desktop-only`, async ({ page, context }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(context, language);
    await createAccount(page.request, language, 'Ilinca');
    await page.goto('/plans');
    await expect.poll(() => storedAccessToken(page)).not.toBeNull();
    await page.goto('/checkout/PREMIUM_PACKAGE');
    await page.getByRole('checkbox').first().waitFor();
    await page.screenshot({ path: `/tmp/shot-checkout-${language}.png`, fullPage: true });
    await orderOnCheckoutPage(page, language);
    await payWithTestCard(page, language);
    await expect(page).toHaveURL(/\/success\?session_id=/);
    await page.goto('/plans');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shot-plans-${language}.png`, fullPage: true });
    await page.goto('/orders');
    await page.getByRole('article').first().waitFor();
    await page.screenshot({ path: `/tmp/shot-orders-${language}.png`, fullPage: true });
    await page.getByRole('article').first().getByRole('link').last().click();
    await page.getByRole('textbox').first().waitFor();
    await page.screenshot({ path: `/tmp/shot-withdraw-${language}.png`, fullPage: true });
  });
}

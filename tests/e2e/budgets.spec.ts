/**
 * Weight budgets, measured as a phone receives each page from the real server: the JavaScript and the
 * render-blocking CSS actually transferred (compressed), not the build's file sizes. Bytes, not times:
 * they do not depend on how busy the machine is. `npm run bench` gives the timings (Lighthouse).
 */
import type { Page } from '@playwright/test';
import { watchRequests } from './network';
import { createAccount, expect, test } from './real-server';

const KB = 1024;
const BUDGETS = {
  landingJs: 110 * KB,
  landingBlockingCss: 15 * KB,
  // The account pages load the form renderer (they are schema forms). 170 kB until November 2026; the
  // renderer's shared code is now split across the lazily loaded fields of the wizard (amounts, persons,
  // nationalities), which costs three small shared chunks (about 2.7 kB): to win back by merging them.
  // 175 kB since issue 34: the routes of the order page, the orders and the withdrawal (measured 174.1 kB);
  // 176 kB since issue 35: the routes of the team, the invitation, the shared file and the signing
  // page in the start-up route table (measured 175.6 kB; each page itself is its own chunk);
  // 177 kB since issue 36: the route of the form chooser, whose questions share Mantine's Radio with the
  // renderer, so that Radio is now a chunk of its own (measured 176.7 kB): to win back with the chooser
  // drawing its own radios.
  // 178 kB since issue 37: the founder pages' session shells and the paths that name them are start-up
  // code (measured 177.0 kB, 181,229 to 181,294 bytes as the chunks' hashes change with any edit, so that
  // 177 kB no longer held): to win back by merging the account forms' small Mantine chunks (31 files).
  accountFormJs: 178 * KB,
  // The guided form, logged in. The assistant's knowledge (about 45 kB a language) and its matcher load
  // when the assistant opens, not with the form (measured 275.3 kB after issue 36, 321.3 kB before).
  wizardJs: 300 * KB,
};

/**
 * Follows the page's requests; `javascript()` waits until the page asks for nothing more, then adds up
 * the compressed bytes of the scripts it received.
 */
function watchTransfers(page: Page) {
  const requests = watchRequests(page);
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  return {
    javascript: async () => {
      await requests.settled();
      return (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    },
  };
}

/**
 * What the first paint waits for, read from the page as the server sends it (scripts later add
 * stylesheets that block nothing): the head's stylesheets, compressed, and every inline style, outside
 * the <noscript> blocks that a browser running scripts ignores.
 */
async function renderBlockingCss(page: Page, path: string): Promise<number> {
  const answer = await page.request.get(path, { headers: { 'accept-language': 'fr' } });
  const html = (await answer.text()).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const head = html.split('</head>')[0] ?? '';
  const links = [...head.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
  let bytes = 0;
  for (const href of links) {
    const response = await page.request.get(href, { headers: { 'accept-encoding': 'br, gzip' } });
    bytes += (await response.body()).length;
  }
  // Inline CSS arrives compressed within the page: counted at its gzip size (brotli does a little better).
  const compressed = await page.evaluate(async (text) => {
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
    return (await new Response(stream).arrayBuffer()).byteLength;
  }, inline);
  return bytes + compressed;
}

const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

test.describe('weight budgets on a phone', () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(!isMobile, 'the budgets are a phone’s');
  });

  test('the landing page: at most 110 kB of JavaScript and 15 kB of render-blocking CSS', async ({
    page,
  }) => {
    const transfers = watchTransfers(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const javascript = await transfers.javascript();
    const css = await renderBlockingCss(page, '/');
    test
      .info()
      .annotations.push({ type: 'weight', description: `JS ${kB(javascript)}, blocking CSS ${kB(css)}` });
    expect(javascript, `JavaScript received: ${kB(javascript)}`).toBeLessThanOrEqual(BUDGETS.landingJs);
    expect(css, `render-blocking CSS: ${kB(css)}`).toBeLessThanOrEqual(BUDGETS.landingBlockingCss);
  });

  for (const path of ['/login', '/signup']) {
    test(`${path}: at most ${BUDGETS.accountFormJs / KB} kB of JavaScript`, async ({ page }) => {
      const transfers = watchTransfers(page);
      await page.goto(path);
      await expect(page.getByRole('button', { name: /.+/ }).last()).toBeVisible();
      const javascript = await transfers.javascript();
      test.info().annotations.push({ type: 'weight', description: `JS ${kB(javascript)}` });
      expect(javascript, `JavaScript received: ${kB(javascript)}`).toBeLessThanOrEqual(BUDGETS.accountFormJs);
    });
  }

  test(`the guided form, logged in: at most ${BUDGETS.wizardJs / KB} kB of JavaScript`, async ({ page }) => {
    await createAccount(page.request, 'fr', 'Budget');
    const transfers = watchTransfers(page);
    await page.goto('/ai-powered-form');
    await expect(page.locator('form')).toBeVisible();
    const javascript = await transfers.javascript();
    test.info().annotations.push({ type: 'weight', description: `JS ${kB(javascript)}` });
    expect(javascript, `JavaScript received: ${kB(javascript)}`).toBeLessThanOrEqual(BUDGETS.wizardJs);
  });
});

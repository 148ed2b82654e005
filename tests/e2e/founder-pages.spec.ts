/**
 * A founder page arrives as fast as a public one (issue 37): the server sends its heading painted (the
 * session shell the build rendered) and names its code in the page, so that the browser fetches every
 * chunk the page runs at start beside the app's entry, rather than finding some only once the entry has
 * run. Checked on the real build: the heading shows without any script, every file named exists, and the
 * page, logged in, loads no script at start that the server had not named.
 */
import { paths } from '../../src/config/paths';
import { useLanguage } from './fixtures';
import { text } from './locale-text';
import { createAccount, expect, test } from './real-server';

/** Each page, and a coloured button it shows a new founder (a filled or light Mantine Button). */
const PAGES = [
  { path: paths.documents, namespace: 'documents', button: { role: 'link', key: 'filingCheck.startForm' } },
  { path: paths.dashboard, namespace: 'dashboard', button: { role: 'link', key: 'empty.action' } },
  {
    path: paths.wizard,
    namespace: 'wizard',
    button: { role: 'button', key: 'fields.legalForm.helpMeChoose' },
  },
] as const;

// A phone's width, as Lighthouse's mobile audit: on a wide screen the wizard's assistant also loads its
// knowledge at once, which the server does not send with the page (a phone would pay for it unused).
test.use({ viewport: { width: 412, height: 823 } });

interface AppAssets {
  scripts: string[];
  preloads: string[];
  styles: string[];
}

for (const { path, namespace, button } of PAGES) {
  test(`${path} comes painted, with every script it runs at start named in the page`, async ({
    page,
    context,
    browser,
  }) => {
    // A page and its code loaded twice on a busy 2-core machine: generous.
    test.slow();
    const title = text('fr', namespace, 'page.title');

    // Without scripts, the heading is there: it is in the HTML the server sent.
    const noScripts = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    try {
      const painted = await noScripts.newPage();
      await painted.goto(path);
      await expect(painted.getByRole('heading', { level: 1 })).toHaveText(title);
    } finally {
      await noScripts.close();
    }

    await useLanguage(context, 'fr');
    await createAccount(page.request, 'fr');
    const sent = await (await page.request.get(path)).text();
    const json = /<script type="application\/json" id="kreo-app-assets">(.*?)<\/script>/.exec(sent)?.[1];
    const assets = JSON.parse(json ?? 'null') as AppAssets;
    const named = new Set([...assets.scripts, ...assets.preloads]);
    for (const file of [...named, ...assets.styles]) {
      expect((await page.request.get(file)).status(), file).toBe(200);
    }

    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // Logged in (the sign-up's refresh cookie): the page itself, not the login form.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(loaded.length).toBeGreaterThan(10);
    expect(loaded.filter((script) => !named.has(script))).toEqual([]);

    // Its buttons have their colour: the shell's inline rules, which come last, held the unstyled
    // button's reset (transparent) without the filled button's colour, and kept the last word over the
    // page the app rendered in the shell's place. They are gone once the stylesheets have loaded.
    const coloured = page.getByRole(button.role, { name: text('fr', namespace, button.key) });
    await expect(coloured).toBeVisible();
    await expect
      .poll(() => coloured.evaluate((element) => getComputedStyle(element).backgroundColor))
      .not.toBe('rgba(0, 0, 0, 0)');
    await expect(page.locator('#kreo-critical-css')).toHaveCount(0);
  });
}

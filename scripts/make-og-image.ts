/**
 * Draws public/og-image.jpg, the 1200×630 picture link previews show (server/services/page-meta.ts),
 * with the brand's colours and the three figures of the landing page. Run again after a brand change:
 * `npx tsx scripts/make-og-image.ts`.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../tests/e2e/chromium';

const logo = readFileSync('public/favicon.svg', 'utf8');
// Figures and symbols only: one picture serves the three languages.
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;
  padding:0 96px;box-sizing:border-box;font-family:"DejaVu Sans",system-ui,sans-serif;color:#fff;
  background:linear-gradient(135deg,#0b5a2a 0%,#1f7d40 55%,#3aaf5e 100%)}
.brand{display:flex;align-items:center;gap:28px;font-size:96px;font-weight:800;letter-spacing:-2px}
.brand svg{width:120px;height:120px;border-radius:28px;box-shadow:0 0 0 6px rgba(255,255,255,.35)}
.figures{display:flex;gap:28px;margin-top:64px}
.figure{background:rgba(255,255,255,.14);border:2px solid rgba(255,255,255,.35);border-radius:24px;
  padding:22px 34px;font-size:60px;font-weight:800}
</style></head><body><div class="brand">${logo}<span>Kreo</span></div>
<div class="figures"><div class="figure">1 €</div><div class="figure">24 h</div><div class="figure">5 000+</div></div>
</body></html>`;

const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: 'public/og-image.jpg', type: 'jpeg', quality: 88 });
  console.log('Wrote public/og-image.jpg (1200×630).');
} finally {
  await browser.close();
}

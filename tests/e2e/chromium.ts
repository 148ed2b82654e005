/** Debian's Chromium, driven by Playwright (Playwright's own browser download is not used). */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Root in CI needs --no-sandbox; the rest keeps a closed network quiet (no background calls home).
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

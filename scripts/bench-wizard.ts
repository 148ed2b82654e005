/**
 * Wizard typing benchmark: on the real server (production build, embedded database in a temporary
 * folder), saves a draft with 20 subscribers for a new user, opens the wizard on its Subscribers step
 * in Chromium and types into the 10th subscriber's name. Reports the latency from each key press to
 * the next frame (median, p95): on a desktop, then on a phone with the CPU slowed down 4x. Reports
 * figures; asserts nothing. BENCH_SUBSCRIBERS sets another number of subscribers.
 */
import { chromium, devices, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { chromiumExecutable, chromiumArgs } from '../tests/e2e/chromium';
import stepsFile from '../schemas/wizard/steps.json';
import { completeCompanyFile } from '../tests/fixtures/company-file';
import { isMain, startBenchServer } from './bench-server';
import { percentile, printTable, type Table } from './bench-report';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 20);
/** The middle subscriber's name, the 10th of 20, in a French SAS (RJSF ids are the form's name then the path). */
const FIELD_ID = `wizard-fr-sas-subscribers_subscribers_${Math.ceil(SUBSCRIBERS / 2) - 1}_name`;
/** Plain ASCII only: Playwright types other characters with insertText, which sends no key events. */
const TEXT = 'the quick brown fox jumps over the lazy dog then types more.';
const WARM_UP = 'abc ';
/** Each key is held this long, then the next follows after the gap: about 10 keys a second, a fast typist. */
const KEY_HOLD_MS = 30;
const KEY_GAP_MS = 70;
const SUBSCRIBERS_STEP = stepsFile.steps.indexOf('subscribers');

interface Run {
  title: string;
  context: BrowserContextOptions;
  cpuSlowdown: number;
}

const RUNS: Run[] = [
  { title: 'desktop', context: { viewport: { width: 1366, height: 900 } }, cpuSlowdown: 1 },
  { title: 'phone (Pixel 7), CPU 4x slower', context: devices['Pixel 7'], cpuSlowdown: 4 },
];

/** Signs a new user up from the page's context (which keeps the refresh cookie) and saves the draft. */
async function signUpWithDraft(page: Page, email: string) {
  const password = 'benchmark-password';
  const signup = await page.request.post('/api/auth/register', {
    data: {
      firstname: 'Bench',
      lastname: 'Mark',
      email,
      password,
      confirmPassword: password,
      dateOfBirth: '1990-01-01',
      language: 'en',
    },
  });
  if (!signup.ok()) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`);
  const { accessToken } = (await signup.json()) as { accessToken: string };
  const draft = await page.request.post('/api/company-file/draft', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      data: completeCompanyFile(SUBSCRIBERS),
      step: SUBSCRIBERS_STEP,
      baseRevision: 0,
      version: stepsFile.version,
    },
  });
  if (!draft.ok()) throw new Error(`saving the draft failed: ${draft.status()} ${await draft.text()}`);
}

/**
 * Records, inside the page, the time from each keydown (its timestamp, so time spent waiting in the
 * queue counts) to the next frame after the `input` event it caused: a requestAnimationFrame callback
 * runs just before the frame's style, layout and paint, and a message posted from it arrives after them.
 */
function installProbe() {
  const samples: number[] = [];
  let keyDownAt: number | null = null;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event: MessageEvent<number>) => samples.push(performance.now() - event.data);
  window.addEventListener('keydown', (event) => (keyDownAt = event.timeStamp), true);
  window.addEventListener(
    'input',
    () => {
      if (keyDownAt === null) return;
      const start = keyDownAt;
      keyDownAt = null;
      requestAnimationFrame(() => channel.port2.postMessage(start));
    },
    true,
  );
  Object.assign(window, { keyToPaintSamples: samples });
}

/** The probe's figures so far (a page function: it may only use what the page has). */
function readSamples() {
  return (window as unknown as { keyToPaintSamples?: number[] }).keyToPaintSamples ?? [];
}

export interface WizardFigures {
  title: string;
  subscribers: number;
  medianMs: number;
  p95Ms: number;
  keyPresses: number;
  /** Whether the field ended up holding exactly what was typed (no key lost or doubled). */
  textIntact: boolean;
}

async function measure(browser: Browser, base: string, run: Run, email: string): Promise<WizardFigures> {
  const context = await browser.newContext({ ...run.context, baseURL: base });
  try {
    const page = await context.newPage();
    await signUpWithDraft(page, email);
    await page.goto('/ai-powered-form');
    const field = page.locator(`[id="${FIELD_ID}"]`);
    await field.scrollIntoViewIfNeeded({ timeout: 30_000 });
    const before = await field.inputValue();
    if (run.cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: run.cpuSlowdown });
    }
    await field.focus();
    await page.keyboard.press('End');
    // A few keys first, so that the first figures are not the JIT's and the lazy chunks' warm-up.
    await page.keyboard.type(WARM_UP, { delay: KEY_HOLD_MS });
    await page.waitForTimeout(200);
    await page.evaluate(installProbe);
    for (const key of TEXT) {
      await page.keyboard.press(key, { delay: KEY_HOLD_MS });
      await page.waitForTimeout(KEY_GAP_MS);
    }
    // The last frames come shortly after the last key.
    await page.waitForTimeout(500);
    const samples = await page.evaluate(readSamples);
    const expected = before + WARM_UP + TEXT;
    const actual = await field.inputValue();
    if (actual !== expected) {
      console.warn(`  warning: the field holds ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
    }
    return {
      title: run.title,
      subscribers: SUBSCRIBERS,
      medianMs: percentile(samples, 0.5),
      p95Ms: percentile(samples, 0.95),
      keyPresses: samples.length,
      textIntact: actual === expected,
    };
  } finally {
    await context.close();
  }
}

/** Types on a desktop, then on a slowed phone, in the wizard served at `base`. */
export async function benchWizard(base: string): Promise<WizardFigures[]> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  try {
    const figures: WizardFigures[] = [];
    for (const [index, run] of RUNS.entries()) {
      figures.push(await measure(browser, base, run, `bench.wizard.${Date.now()}.${index}@example.com`));
    }
    return figures;
  } finally {
    await browser.close();
  }
}

export function wizardTable(figures: WizardFigures[]): Table {
  return {
    title: 'Wizard typing',
    note:
      `Key press to next frame while typing ${TEXT.length} keys (about 10 a second) into the 10th subscriber's ` +
      `name of a draft with ${figures[0]?.subscribers ?? SUBSCRIBERS} subscribers.`,
    headers: ['Device', 'Median ms', 'p95 ms', 'Key presses', 'Text intact'],
    numeric: [1, 2, 3],
    rows: figures.map((figure) => [
      figure.title,
      figure.medianMs.toFixed(1),
      figure.p95Ms.toFixed(1),
      String(figure.keyPresses),
      figure.textIntact ? '✓' : '✗',
    ]),
  };
}

if (isMain(import.meta.url)) {
  const server = await startBenchServer();
  try {
    printTable(wizardTable(await benchWizard(server.url)));
  } finally {
    await server.close();
  }
}

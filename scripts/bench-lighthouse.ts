/**
 * Lighthouse benchmark: audits pages of the production build with Lighthouse's defaults for a phone
 * (a mid-range phone's screen, simulated slow 4G and a CPU 4x slower), in Debian's Chromium, and
 * reports the median of a few runs (BENCH_LIGHTHOUSE_RUNS, 3 by default) of each figure: the four
 * scores, FCP, LCP, TBT, CLS and the bytes actually transferred (all of them, and the scripts').
 *
 * Each run has a Chromium of its own (a new profile, so an empty cache). The logged-in pages are
 * audited as a new user who signed up and confirmed the address: the app restores its session from
 * the refresh cookie, so a fresh one (one API login per run, since the token changes at each use) is
 * put in the browser before the run and Lighthouse is told not to clear the origin's storage. A run
 * that does not end on the page asked for (a logged-in page sent to /login) or whose session was not
 * restored fails the benchmark rather than report another page's figures.
 *
 * A founder's published website (issue 18: /sites/<slug>, a static page the server renders) is
 * audited as an anonymous visitor, with the public pages' targets, once in each of its three templates
 * (issue 38). It is made beforehand through the server's own API, as a founder would: sign up, buy the
 * 50 € package at the local checkout, upload a logo and six photos, save the texts in French and
 * English, publish at /sites/boulangerie-bench-<template>.
 *
 * BENCH_LIGHTHOUSE_REPORTS names a folder where each run's report is kept (HTML), to see what a
 * figure comes from; BENCH_PAGES (routes separated by commas, e.g. "/,/login" or
 * "/sites/boulangerie-bench-shop") audits only those pages.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { orderRequest } from '../tests/fixtures/order';
import sharp from 'sharp';
import type { WebsiteContent } from '../src/shared/website';
import { chromiumExecutable } from '../tests/e2e/chromium';
import { isMain, startBenchServer, type BenchServer } from './bench-server';
import { kB, median, printTable, withTarget, type Table } from './bench-report';

interface AuditedPage {
  route: string;
  /** What the table says, when not the route (a site's slug is the benchmark's own). */
  label?: string;
  loggedIn: boolean;
  /** The published website made for the benchmark (see publishSite), seen by an anonymous visitor. */
  publishedSite?: boolean;
}

/** Where the benchmark publishes its founders' websites: the bakery's, once in each template. */
const SITE_TEMPLATES = ['shop', 'services', 'craft'] as const;
const siteSlug = (template: (typeof SITE_TEMPLATES)[number]) => `boulangerie-bench-${template}`;

export const AUDITED_PAGES: AuditedPage[] = [
  { route: '/', loggedIn: false },
  { route: '/plans', loggedIn: false },
  { route: '/login', loggedIn: false },
  { route: '/signup', loggedIn: false },
  { route: '/documents', loggedIn: true },
  { route: '/dashboard', loggedIn: true },
  { route: '/ai-powered-form', loggedIn: true },
  ...SITE_TEMPLATES.map((template) => ({
    route: `/sites/${siteSlug(template)}`,
    label: `/sites/<slug> (${template})`,
    loggedIn: false,
    publishedSite: true,
  })),
];

/** Targets: what the product promises (see the table's verdicts). */
const TARGETS = { publicPerformance: 98, loggedInPerformance: 95, accessibility: 100, landingLcpMs: 1500 };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const REFRESH_COOKIE = 'refresh_token';
const PASSWORD = 'benchmark-password';

export interface LighthouseFigures {
  route: string;
  /** The page's name in the table. */
  label: string;
  loggedIn: boolean;
  runs: number;
  /** Each run's performance score, in the order of the runs: how far apart they are. */
  performanceRuns: number[];
  /** Scores out of 100 (medians, as every figure). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Simulated on the throttled phone, in ms (CLS has no unit). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes on the wire (headers included, after compression), every request, and scripts only. */
  totalBytes: number;
  scriptBytes: number;
}

export interface LighthouseReport {
  pages: LighthouseFigures[];
  lighthouseVersion: string;
  chromiumVersion: string;
  /** Lighthouse's measure of the machine's speed at each run: lower means a slower or busier CPU. */
  benchmarkIndexes: number[];
  /** The machine's load (1-minute average) before the first run and after the last, and its cores. */
  load: { before: number; after: number; cores: number };
  /** How the browser reached the server: straight (HTTP/1.1) or through a TLS front (HTTP/2). */
  protocol: BenchServer['protocol'];
}

interface Run extends Omit<LighthouseFigures, 'route' | 'label' | 'loggedIn' | 'runs' | 'performanceRuns'> {
  benchmarkIndex: number;
  lighthouseVersion: string;
  chromiumVersion: string;
}

async function postJson(url: string, body: unknown): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * The verification link mailed to `email`, read from the server's outbox: files are named by time and
 * message id, the recipient is each message's `To:`. The mail worker writes it just after the sign-up.
 */
async function verificationToken(server: BenchServer, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
    for (const file of files.sort()) {
      // Quoted-printable: soft line breaks may split the link, and "=" is written =3D.
      const text = (await readFile(path.join(outbox, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (/^To: (.*)$/m.exec(text)?.[1]?.trim().toLowerCase() !== email.toLowerCase()) continue;
      const link = /https?:\/\/[^\s"<>]*\/verify-email\?[^\s"<>]*/.exec(text)?.[0];
      const token = link ? new URL(link).searchParams.get('token') : null;
      if (!token) throw new Error(`No verification link in the mail to ${email}`);
      return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${email} in ${outbox}`);
}

/** A new user with a confirmed address, as after the sign-up and the link in the mail. */
export async function createUser(server: BenchServer): Promise<string> {
  const email = `bench.lighthouse.${Date.now()}@example.com`;
  await postJson(`${server.url}/api/auth/register`, {
    firstname: 'Bench',
    lastname: 'Mark',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    dateOfBirth: '1990-01-01',
    language: 'fr',
  });
  await postJson(`${server.url}/api/auth/verify-email`, { token: await verificationToken(server, email) });
  return email;
}

/** A new session's refresh token: what the browser's cookie holds after a login. */
export async function refreshToken(server: BenchServer, email: string): Promise<string> {
  const response = await postJson(`${server.url}/api/auth/login`, { email, password: PASSWORD });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const separator = pair.indexOf('=');
    if (pair.slice(0, separator) === REFRESH_COOKIE) return decodeURIComponent(pair.slice(separator + 1));
  }
  throw new Error('The login set no refresh cookie');
}

/** A new session's access token, for the API calls made as that user (Authorization: Bearer). */
async function accessToken(server: BenchServer, email: string): Promise<string> {
  const response = await postJson(`${server.url}/api/auth/login`, { email, password: PASSWORD });
  const { accessToken: token } = (await response.json()) as { accessToken?: string };
  if (!token) throw new Error('The login returned no access token');
  return token;
}

/** A request to the API as the user of `token`; fails on anything but a 2xx (or the status expected). */
async function callAs(
  server: BenchServer,
  token: string,
  route: string,
  body: unknown,
  init: { contentType?: string; expect?: number } = {},
): Promise<Response> {
  const contentType = init.contentType ?? 'application/json';
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: contentType === 'application/json' ? JSON.stringify(body) : (body as BodyInit),
    redirect: 'manual',
  });
  const ok = init.expect === undefined ? response.ok : response.status === init.expect;
  if (!ok) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
  return response;
}

/** The texts of a bakery's site, as long as a real one's: a few paragraphs, a list of services. */
const SITE_CONTENT: WebsiteContent = {
  siteName: 'Boulangerie Dupont',
  languages: ['fr', 'en'],
  color: 'teal',
  email: 'contact@boulangerie-dupont.example',
  phone: '+33 1 23 45 67 89',
  address: '12 rue de la Paix\n75002 Paris',
  country: 'FR',
  legalForm: 'SAS',
  shareCapital: 5000,
  registrationPending: false,
  registrationNumber: 'RCS Paris 912 345 675',
  publicationDirector: 'Camille Dupont',
  hours: [
    { days: ['tu', 'we', 'th', 'fr', 'sa'], opens: '07:00', closes: '19:30' },
    { days: ['su'], opens: '07:00', closes: '13:00' },
  ],
  texts: {
    fr: {
      tagline: 'Du pain au levain, cuit chaque matin au feu de bois',
      about:
        'Depuis 1987, la Boulangerie Dupont pétrit son pain à la main, avec des farines moulues sur meule ' +
        'de pierre par deux moulins de l’Île-de-France. Nos levains sont nourris chaque jour, et nos pâtes ' +
        'reposent une nuit entière avant d’être cuites dans le four à bois de la rue de la Paix.\n\n' +
        'Chaque matin dès 7 heures, vous trouverez nos baguettes de tradition, nos miches de seigle et ' +
        'de petit épeautre, nos viennoiseries au beurre AOP Charentes-Poitou et, le week-end, nos ' +
        'brioches feuilletées.\n\n' +
        'Nous préparons aussi les commandes des restaurants du quartier, les pièces montées et les ' +
        'buffets de vos fêtes : passez nous voir ou écrivez-nous, nous vous répondons dans la journée.',
      services: [
        { name: 'Pains au levain et baguettes de tradition' },
        { name: 'Viennoiseries pur beurre' },
        { name: 'Pâtisseries et entremets sur commande' },
        { name: 'Pièces montées et gâteaux de mariage' },
        { name: 'Livraison aux restaurants du quartier' },
        { name: 'Buffets et plateaux pour les entreprises' },
      ],
      openingHours: 'Fermé le lundi et trois semaines en août.',
    },
    en: {
      tagline: 'Sourdough bread, baked every morning in a wood-fired oven',
      about:
        'Since 1987, Boulangerie Dupont has kneaded its bread by hand, with stone-ground flour from two ' +
        'mills near Paris. Our sourdough starters are fed every day, and our doughs rest overnight before ' +
        'they are baked in the wood-fired oven on rue de la Paix.\n\n' +
        'Every morning from 7 am you will find our traditional baguettes, rye and spelt loaves, pastries ' +
        'made with Charentes-Poitou butter and, at weekends, our flaky brioches.\n\n' +
        'We also supply the restaurants of the neighbourhood and make wedding cakes and party buffets: ' +
        'drop by or write to us, we answer the same day.',
      services: [
        { name: 'Sourdough bread and traditional baguettes' },
        { name: 'All-butter pastries' },
        { name: 'Cakes and desserts to order' },
        { name: 'Wedding cakes' },
        { name: 'Delivery to local restaurants' },
        { name: 'Buffets and platters for companies' },
      ],
      openingHours: 'Closed on Mondays and for three weeks in August.',
    },
  },
};

/** A logo as a founder would upload one: a wide PNG with a mark and the name. */
function logoPng(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240" viewBox="0 0 600 240">' +
    '<rect width="600" height="240" fill="#ffffff"/>' +
    '<circle cx="120" cy="120" r="90" fill="#0f766e"/>' +
    '<ellipse cx="120" cy="120" rx="55" ry="30" fill="#f5deb3"/>' +
    '<path d="M85 110 q10 -12 20 0 M110 110 q10 -12 20 0 M135 110 q10 -12 20 0" stroke="#8b5a2b" stroke-width="5" fill="none"/>' +
    '<text x="240" y="110" font-family="sans-serif" font-size="44" font-weight="700" fill="#0f766e">Boulangerie</text>' +
    '<text x="240" y="165" font-family="sans-serif" font-size="44" fill="#1f2937">Dupont</text>' +
    '</svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A photo as a phone takes one: 4000×3000, shapes and a gradient, a JPEG of a few hundred kB. */
function photoJpeg(index: number): Promise<Buffer> {
  const hue = (index * 53) % 360;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,55%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 90) % 360},55%,35%)"/></linearGradient></defs>` +
    '<rect width="4000" height="3000" fill="url(#g)"/>' +
    Array.from(
      { length: 40 },
      (_, circle) =>
        `<circle cx="${(circle * 397) % 4000}" cy="${(circle * 631) % 3000}" r="${80 + ((circle * 37) % 300)}" ` +
        `fill="hsl(${(hue + circle * 11) % 360},50%,${40 + (circle % 30)}%)" opacity="0.7"/>`,
    ).join('') +
    '</svg>';
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/**
 * Publishes the benchmark's websites through the API, as a founder would (tests/server/website.test.ts
 * does the same): for each template, a new user buys the 50 € package at the local checkout, uploads a
 * logo and six photos, saves the draft (the photos described in both languages) and publishes it.
 */
async function publishSite(server: BenchServer): Promise<void> {
  for (const template of SITE_TEMPLATES) {
    const slug = siteSlug(template);
    // Published already by an earlier run on this server (the slug is then taken).
    if ((await fetch(`${server.url}/sites/${slug}`)).ok) continue;
    const token = await accessToken(server, await createUser(server));
    const session = await callAs(
      server,
      token,
      '/api/checkout/create-session',
      orderRequest({ offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' }),
    );
    const { url } = (await session.json()) as { url: string };
    const checkout = new URL(url);
    if (!checkout.pathname.startsWith('/checkout/local/'))
      throw new Error(`The checkout is not the local one (PAYMENT_PROVIDER=local): ${url}`);
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', cardholder: 'C. Dupont' };
    // A form post, as the checkout page's; it answers with a redirect to /success.
    await callAs(server, token, `${checkout.pathname}/pay`, new URLSearchParams(card).toString(), {
      contentType: 'application/x-www-form-urlencoded',
      expect: 303,
    });
    await callAs(server, token, '/api/website/logo', await logoPng(), {
      contentType: 'application/octet-stream',
    });
    let photos: NonNullable<WebsiteContent['photos']> = [];
    for (let index = 0; index < 6; index++) {
      const uploaded = await callAs(server, token, '/api/website/photos', await photoJpeg(index), {
        contentType: 'application/octet-stream',
      });
      photos = ((await uploaded.json()) as { content: WebsiteContent }).content.photos ?? [];
    }
    const described = photos.map((photo, index) => ({
      ...photo,
      alt: { fr: `Une fournée du matin, photo ${index + 1}`, en: `A morning batch, photo ${index + 1}` },
    }));
    await callAs(server, token, '/api/website/draft', {
      content: { ...SITE_CONTENT, template, photos: described },
    });
    await callAs(server, token, '/api/website/publish', { slug });
    const page = await fetch(`${server.url}/sites/${slug}`);
    if (!page.ok) throw new Error(`The published site answers ${page.status}`);
  }
}

/** Puts the session cookies in the launched Chromium, as the server sets them (refresh: path /api/auth, HttpOnly, Lax). */
async function setRefreshCookie(port: number, origin: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('The launched Chromium has no browser context');
    await context.addCookies([
      { name: REFRESH_COOKIE, value: token, url: `${origin}/api/auth`, httpOnly: true, sameSite: 'Lax' },
      // And the hint the app reads before asking for a token (server/handlers/auth.ts).
      { name: 'kreo_session', value: '1', url: origin, sameSite: 'Lax' },
    ]);
  } finally {
    // Only disconnects: the browser was not launched by Playwright.
    await browser.close();
  }
}

interface NetworkRequest {
  url: string;
  statusCode: number;
  transferSize?: number;
  resourceType?: string;
}

function networkRequests(lhr: Result): NetworkRequest[] {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') throw new Error('Lighthouse reported no network requests');
  return details.items as unknown as NetworkRequest[];
}

function numericValue(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse reported no ${audit}`);
  return value;
}

function score(lhr: Result, category: (typeof CATEGORIES)[number]): number {
  const value = lhr.categories[category]?.score;
  if (value === null || value === undefined) throw new Error(`Lighthouse gave no ${category} score`);
  return Math.round(value * 100);
}

/** The browser's own version (the user agent Lighthouse records says only 156.0.0.0). */
async function browserVersion(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/json/version`);
  const { Browser: browser } = (await response.json()) as { Browser: string };
  return /\/([\d.]+)$/.exec(browser)?.[1] ?? browser;
}

/** Where to keep each run's report (BENCH_LIGHTHOUSE_REPORTS), or null. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS ?? null;

async function auditOnce(
  server: BenchServer,
  page: AuditedPage,
  email: string | null,
  runIndex: number,
): Promise<Run> {
  const url = `${server.browserUrl}${page.route}`;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable,
    // The TLS front's certificate is made at its start, for 127.0.0.1 (tls-front.ts).
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      ...(server.protocol === 'h2' ? ['--ignore-certificate-errors'] : []),
    ],
  });
  try {
    if (email) await setRefreshCookie(chrome.port, server.browserUrl, await refreshToken(server, email));
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'html',
      onlyCategories: [...CATEGORIES],
      // Keeps the cookie just set; the profile is new, so there is no cache to clear anyway.
      disableStorageReset: email !== null,
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (REPORTS_DIR) {
      await mkdir(REPORTS_DIR, { recursive: true });
      const name = page.route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
      await writeFile(path.join(REPORTS_DIR, `${name}-${runIndex + 1}.html`), String(result.report));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    // E.g. "there may be stored data affecting loading performance": worth seeing, not worth stopping for.
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse on ${url}: ${warning}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== page.route) {
      throw new Error(
        `Lighthouse on ${url} ended on ${finalPath}${email ? ': the session was not restored' : ''}`,
      );
    }
    const requests = networkRequests(lhr);
    if (
      email &&
      !requests.some((request) => request.url.endsWith('/api/auth/getJWTtoken') && request.statusCode === 200)
    ) {
      throw new Error(`Lighthouse on ${url}: the page did not restore its session from the refresh cookie`);
    }
    const bytes = (filter: (request: NetworkRequest) => boolean) =>
      requests.filter(filter).reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      fcp: numericValue(lhr, 'first-contentful-paint'),
      lcp: numericValue(lhr, 'largest-contentful-paint'),
      tbt: numericValue(lhr, 'total-blocking-time'),
      cls: numericValue(lhr, 'cumulative-layout-shift'),
      totalBytes: bytes(() => true),
      scriptBytes: bytes((request) => request.resourceType === 'Script'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lighthouseVersion: lhr.lighthouseVersion,
      chromiumVersion: await browserVersion(chrome.port),
    };
  } finally {
    chrome.kill();
  }
}

/** Audits every page `runs` times on a running server; each figure is the median of its runs. */
export async function benchLighthouse(server: BenchServer, runs = 3): Promise<LighthouseReport> {
  const only = process.env.BENCH_PAGES?.split(',').map((route) => route.trim());
  const audited = AUDITED_PAGES.filter(
    (page) => !only || only.includes(page.route) || (page.label !== undefined && only.includes(page.label)),
  );
  if (audited.length === 0) throw new Error(`BENCH_PAGES names no audited page: ${process.env.BENCH_PAGES}`);
  const loadBefore = os.loadavg()[0] ?? 0;
  const email = audited.some((page) => page.loggedIn) ? await createUser(server) : null;
  if (audited.some((page) => page.publishedSite)) await publishSite(server);
  const pages: LighthouseFigures[] = [];
  const all: Run[] = [];
  for (const page of audited) {
    const results: Run[] = [];
    for (let run = 0; run < runs; run += 1) {
      results.push(await auditOnce(server, page, page.loggedIn ? email : null, run));
    }
    all.push(...results);
    const middle = (key: keyof Omit<Run, 'lighthouseVersion' | 'chromiumVersion'>) =>
      median(results.map((result) => result[key]));
    pages.push({
      route: page.route,
      label: page.label ?? page.route,
      loggedIn: page.loggedIn,
      runs,
      performanceRuns: results.map((result) => result.performance),
      performance: middle('performance'),
      accessibility: middle('accessibility'),
      bestPractices: middle('bestPractices'),
      seo: middle('seo'),
      fcp: middle('fcp'),
      lcp: middle('lcp'),
      tbt: middle('tbt'),
      cls: middle('cls'),
      totalBytes: middle('totalBytes'),
      scriptBytes: middle('scriptBytes'),
    });
  }
  return {
    pages,
    lighthouseVersion: all[0]?.lighthouseVersion ?? 'unknown',
    chromiumVersion: all[0]?.chromiumVersion ?? 'unknown',
    benchmarkIndexes: all.map((run) => run.benchmarkIndex),
    load: { before: loadBefore, after: os.loadavg()[0] ?? 0, cores: os.cpus().length },
    protocol: server.protocol,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Why a figure misses its target or its category's best, where the cause is known and deliberate. */
function explainedMisses(report: LighthouseReport): string {
  const reasons: string[] = [];
  const loggedIn = report.pages.filter((page) => page.loggedIn);
  if (loggedIn.some((page) => page.performance < TARGETS.loggedInPerformance))
    reasons.push(
      'The logged-in pages come painted (the heading their session gate shows, which the build renders) ' +
        'and with their code named in the page (modulepreload, from the manifest); what is left before ' +
        'they are usable is the main thread’s work once the app runs (TBT), and on the dashboard the ' +
        'session and the data its largest text waits for (LCP). A busy machine (a low CPU index, a high ' +
        'load) lengthens both.',
    );
  if (loggedIn.some((page) => page.seo < 90))
    reasons.push('SEO: personal pages tell search engines not to index them (noindex), on purpose.');
  return reasons.length > 0 ? ` Known misses: ${reasons.join(' ')}` : '';
}

export function lighthouseTable(report: LighthouseReport): Table {
  const runs = report.pages[0]?.runs ?? 0;
  const indexes = report.benchmarkIndexes;
  return {
    title:
      report.protocol === 'h2'
        ? 'Lighthouse, mobile, behind a TLS front (HTTP/2)'
        : 'Lighthouse, mobile, straight from the server (HTTP/1.1)',
    note:
      (report.protocol === 'h2'
        ? 'The browser reaches the server through a TLS front speaking HTTP/2 (scripts/tls-front.ts), as a ' +
          'founder does in production behind nginx or Caddy: one connection carries every file at once. '
        : 'The browser reaches the Node server itself, in HTTP/1.1 without TLS: six connections to the ' +
          'origin, so a page of many files waits for them in turn (the least a founder can meet). ') +
      `Lighthouse ${report.lighthouseVersion}, default mobile settings (simulated slow 4G, CPU 4x slower), ` +
      `median of ${runs} runs per figure, each in a new Chromium profile; Runs: each run's performance score. ` +
      `Lighthouse's CPU benchmark index: median ${Math.round(median(indexes))}, ` +
      `${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))} ` +
      `(lower means a slower or busier machine, and a longer TBT); the machine's load average ` +
      `(1 minute) ${report.load.before.toFixed(1)} before the runs and ${report.load.after.toFixed(1)} after, ` +
      `on ${report.load.cores} cores. ` +
      `Transferred: bytes on the wire, every request (API calls included), and scripts alone.` +
      (report.pages.some((page) => page.route.startsWith('/sites/'))
        ? ' /sites/<slug>: a founder’s published website (a bakery’s, in French and English, with a logo ' +
          'and a gallery of six photos), in each of the three templates, published through the API before ' +
          'the runs and audited as an anonymous visitor.'
        : '') +
      explainedMisses(report),
    headers: [
      'Page',
      'Performance',
      'Runs',
      'Accessibility',
      'Best practices',
      'SEO',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'Transferred kB',
      'JS kB',
    ],
    numeric: [4, 5, 6, 8, 10, 11],
    rows: report.pages.map((page) => {
      const performanceTarget = page.loggedIn ? TARGETS.loggedInPerformance : TARGETS.publicPerformance;
      const lcp = seconds(page.lcp);
      return [
        page.loggedIn ? `${page.label} (logged in)` : page.label,
        withTarget(String(page.performance), page.performance >= performanceTarget, `≥ ${performanceTarget}`),
        page.performanceRuns.join(' '),
        withTarget(
          String(page.accessibility),
          page.accessibility >= TARGETS.accessibility,
          String(TARGETS.accessibility),
        ),
        String(page.bestPractices),
        String(page.seo),
        seconds(page.fcp),
        page.route === '/'
          ? withTarget(lcp, page.lcp <= TARGETS.landingLcpMs, `≤ ${seconds(TARGETS.landingLcpMs)}`)
          : lcp,
        `${Math.round(page.tbt)} ms`,
        withTarget(page.cls.toFixed(3), page.cls === 0, '0'),
        kB(page.totalBytes),
        kB(page.scriptBytes),
      ];
    }),
  };
}

if (isMain(import.meta.url)) {
  const server = await startBenchServer();
  try {
    printTable(
      lighthouseTable(await benchLighthouse(server, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3))),
    );
  } finally {
    await server.close();
  }
}

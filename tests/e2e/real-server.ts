import {
  test as base,
  expect as baseExpect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { liveAppFixture, watchMissingTranslations } from './fixtures';
import { text } from './locale-text';

/**
 * The real server hashes passwords (argon2id) and the first visit of each page downloads its chunks:
 * on a busy CI machine that took up to 7 s (November 2026, load 20); twice that and some room, for a
 * machine twice as slow.
 */
export const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Tests against the real server and its database: no route is mocked (unlike fixtures.ts), and every
 * test still fails on a translation key missing at run time.
 */
export const test = base.extend<{ missingTranslations: string[]; liveApp: boolean }>({
  liveApp: liveAppFixture,
  missingTranslations: [
    async ({ page }, use) => {
      const missing = watchMissingTranslations(page);
      await use(missing);
      expect(missing, 'translation keys missing at run time').toEqual([]);
    },
    { auto: true },
  ],
});

/** An address no other test uses: the tests run in parallel against one database. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Another language than `language`, to start a page in before choosing `language` on the form. */
export function otherLanguage(language: Language): Language {
  return language === 'fr' ? 'ro' : 'fr';
}

/** A translated label without the <terms>…</terms> tags the checkbox widget turns into links. */
export function withoutTags(label: string): string {
  return label.replace(/<\/?\w+>/g, '');
}

export interface Account {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  language: Language;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /**
   * The access token the sign-up answered with (15 minutes): set-up through the API (a draft, a file,
   * a purchase) before the first page load, instead of a page load to read the app's token.
   */
  accessToken: string;
}

/** An existing account, made through the API (the sign-up form has its own tests). */
export async function createAccount(
  request: APIRequestContext,
  language: Language,
  firstname = 'Ioana',
): Promise<Account> {
  const account = {
    firstname,
    lastname: 'Marin',
    email: uniqueEmail(firstname.toLowerCase()),
    password: 'parola-veche-1',
    language,
    dateOfBirth: '1990-03-12',
  };
  const response = await request.post('/api/auth/register', {
    data: { ...account, confirmPassword: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { ...account, accessToken };
}

/** The header of an API call made as the holder of `accessToken`. */
export function bearer(accessToken: string | null): { Authorization: string } {
  return { Authorization: `Bearer ${accessToken ?? ''}` };
}

/** The access token the app keeps in sessionStorage (null when logged out). */
export function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('kreo.accessToken'));
}

/** The products the stored access token lists, sorted (null when logged out). */
export function storedProducts(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const token = window.sessionStorage.getItem('kreo.accessToken');
    if (!token) return null;
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      products?: string[];
    };
    return [...(payload.products ?? [])].sort();
  });
}

/**
 * Waits until /success has its new token, which lists what was bought. Leaving earlier cuts that refresh
 * short: the server has rotated the refresh cookie, the browser never got the new one, and the next page
 * presents the old one, which only works within the server's 10 s grace period.
 */
export async function expectPurchaseInToken(page: Page, productSkus: readonly string[]) {
  await expect.poll(() => storedProducts(page)).toEqual([...productSkus].sort());
}

export interface UserInfo {
  firstname: string;
  lastname: string;
  email: string;
  dateOfBirth: string | null;
  phoneNumber: string | null;
  companyName: string | null;
  language: Language;
  isEmailVerified: boolean;
}

/** GET /api/user/info with the token the page holds: what the server stored for the logged-in user. */
export async function userInfoOf(page: Page): Promise<UserInfo> {
  const token = await storedAccessToken(page);
  expect(token, 'the page holds an access token').not.toBeNull();
  const response = await page.request.get('/api/user/info', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as UserInfo;
}

/**
 * The message under a field, found by the `<id>__error` element (RJSF's convention), so that it cannot
 * be another field's identical message.
 */
async function errorOf(field: Locator): Promise<Locator> {
  const id = await field.getAttribute('id');
  if (!id) throw new Error('A form field without an id');
  return field.page().locator(`[id="${id}__error"]`);
}

/**
 * The field shows exactly this message under it, and the message is the field's accessible
 * description: a screen reader reads it when the field gets the focus. `then` is what the field's
 * description says after the message (a money field's echo of the amount read, "soit 0 €"). (Whether
 * the field is also marked aria-invalid is checked once, in signup.spec.ts.)
 */
export async function expectFieldError(field: Locator, message: string, then?: string) {
  await expect(await errorOf(field)).toHaveText(message);
  await expect(field).toHaveAccessibleDescription(then ? `${message} ${then}` : message);
}

/** The field shows no message, describes none and is not marked invalid. */
export async function expectNoFieldError(field: Locator) {
  await expect(await errorOf(field)).toHaveCount(0);
  await expect(field).toHaveAccessibleDescription('');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

/** The header's account link (the user's first name), opening the phone menu first when there is one. */
export async function expectGreeted(page: Page, language: Language, firstname: string) {
  const header = page.getByRole('banner');
  await expect(header).toBeVisible();
  const burger = header.getByRole('button', { name: text(language, 'common', 'nav.openMenu') });
  if (await burger.isVisible()) await burger.click();
  await expect(header.getByRole('link', { name: firstname }).locator('visible=true')).toHaveAttribute(
    'href',
    '/user-profile',
  );
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The page's language, as the app sets it on <html lang> (the calendar speaks it). */
async function pageLanguage(page: Page): Promise<Language> {
  const lang = await page.locator('html').getAttribute('lang');
  if (lang !== 'fr' && lang !== 'en' && lang !== 'ro') throw new Error(`The page speaks ${lang}`);
  return lang;
}

/** A YYYY-MM-DD date's year, month (1-12) and day. */
function partsOf(isoDate: string): [number, number, number] {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) throw new Error(`${isoDate} is not YYYY-MM-DD`);
  return [year, month, day];
}

/** A month's name as `language` writes it in full ("décembre", "December", "decembrie"). */
function monthName(isoDate: string, language: Language): string {
  const [year, month] = partsOf(isoDate);
  return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** The calendar's month heading: the month in full and the year ("décembre 2000"). */
export function shownMonth(isoDate: string, language: Language): string {
  const [year, month] = partsOf(isoDate);
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** How the date field writes a chosen date: as the language writes a long date ("15 mai 2004", "May 15, 2004"). */
export function shownDate(isoDate: string, language: Language): string {
  const [year, month, day] = partsOf(isoDate);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/**
 * Chooses `isoDate` in the calendar of a date field (typing is not possible) as a user picks a birth
 * year, whatever month the calendar opens on: the month heading leads to the months of its year, the
 * year heading to the years of its decade; the named decade arrows reach the decade, then the year,
 * the month and the day are chosen. `opensOn` (YYYY-MM) is the month the calendar must show first.
 * Months and days are matched loosely (any capitals, "mars" or "mart."), so that the test follows
 * what a user reads rather than one date library's spelling.
 */
export async function pickDate(
  page: Page,
  field: Locator,
  isoDate: string,
  options: { opensOn?: string } = {},
) {
  const language = await pageLanguage(page);
  const words = (key: string) => text(language, 'forms', `date.${key}`);
  const [year, monthNumber, day] = partsOf(isoDate);
  const month = monthName(isoDate, language);
  // "déc." or "décembre": the language's short name, or any start of the full name of three letters
  // or more ("mart." for "martie"), with or without a dot.
  const shortMonth = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year, monthNumber - 1, 1)))
    .replace(/\.$/, '');
  const monthNames = [
    escapeRegExp(shortMonth),
    ...Array.from({ length: month.length - 2 }, (_, index) => escapeRegExp(month.slice(0, index + 3))),
  ];

  await field.click();
  const calendar = page.getByRole('dialog');
  // The days of a month: its heading ("décembre 2000") says a click on it shows the months of the year.
  const monthHeading = calendar.getByRole('button', { name: /^\D+ \d{4}$/ });
  if (options.opensOn) await expect(monthHeading).toHaveText(shownMonth(`${options.opensOn}-01`, language));
  await expect(monthHeading).toHaveAttribute('title', words('monthLevel'));
  await monthHeading.click();
  // The months of a year: its heading ("2000") shows the years of the decade.
  const yearHeading = calendar.getByRole('button', { name: /^\d{4}$/ });
  await expect(yearHeading).toHaveAttribute('title', words('yearLevel'));
  await yearHeading.click();
  // The years of a decade, under their heading ("2000 – 2009", the last level: no button); its arrows
  // are named and go a decade back or forth.
  const decadeHeading = calendar.getByText(/^\d{4} – \d{4}$/);
  const shownDecade = Number((await decadeHeading.innerText()).slice(0, 4));
  if (!Number.isInteger(shownDecade)) throw new Error('The calendar shows no decade');
  const decade = year - (year % 10);
  const step = decade < shownDecade ? -10 : 10;
  const arrow = calendar.getByRole('button', {
    name: words(step < 0 ? 'previousDecade' : 'nextDecade'),
    exact: true,
  });
  for (let shown = shownDecade; shown !== decade; shown += step) {
    await arrow.click();
    await expect(decadeHeading).toHaveText(`${shown + step} – ${shown + step + 9}`);
  }
  await calendar.getByRole('button', { name: String(year), exact: true }).click();
  await calendar.getByRole('button', { name: new RegExp(`^(${monthNames.join('|')})\\.?$`, 'i') }).click();
  // A day's name holds its month, so that the 1st of the next month, shown greyed, is not taken.
  const dayName = `(${day} ${escapeRegExp(month)}|${escapeRegExp(month)} ${day},?) ${year}`;
  await calendar.getByRole('button', { name: new RegExp(`^${dayName}$`, 'i') }).click();
  await expect(calendar).toHaveCount(0);
  await expect(field).toHaveText(shownDate(isoDate, language));
}

/** A date as YYYY-MM-DD in the local time zone, as the calendar shows days. */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

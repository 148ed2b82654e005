import {
  test as base,
  expect as baseExpect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { watchMissingTranslations } from './fixtures';
import { text } from './locale-text';

/**
 * The real server hashes passwords (argon2id) and the first visit of each page downloads its chunks:
 * on a busy CI machine that takes longer than Playwright's default 5 seconds now and then.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Tests against the real server and its database: no route is mocked (unlike fixtures.ts), and every
 * test still fails on a translation key missing at run time.
 */
export const test = base.extend<{ missingTranslations: string[] }>({
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
  };
  const response = await request.post('/api/auth/register', {
    data: { ...account, confirmPassword: account.password, dateOfBirth: '1990-03-12' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** The access token the app keeps in sessionStorage (null when logged out). */
export function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('kreo.accessToken'));
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
 * description: a screen reader reads it when the field gets the focus. (Whether the field is also
 * marked aria-invalid is checked once, in signup.spec.ts.)
 */
export async function expectFieldError(field: Locator, message: string) {
  await expect(await errorOf(field)).toHaveText(message);
  await expect(field).toHaveAccessibleDescription(message);
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

/**
 * Chooses a date in the calendar of a date field (typing is not possible), from the date it shows:
 * month heading → year → decade, then the year, the month and the day. Names are matched loosely
 * (any capitals, any order of day and month), so that the test follows what a user reads rather than
 * one date library's spelling. Both dates must be in the same decade (the decade arrows have no name).
 */
export async function pickDate(
  page: Page,
  field: Locator,
  dates: { from: string; to: string },
  language: Language,
) {
  await expect(field).toHaveText(shownDate(dates.from, language));
  await chooseInCalendar(page, field, dates.from, dates.to, language);
  await expect(field).toHaveText(shownDate(dates.to, language));
}

/**
 * Chooses a date in the calendar of an empty date field, which opens on the current month: `to` must
 * be in the current decade (the decade arrows have no name).
 */
export async function pickDateFromToday(page: Page, field: Locator, to: string, language: Language) {
  await chooseInCalendar(page, field, isoDate(new Date()), to, language);
}

/** A date as YYYY-MM-DD in the local time zone, as the calendar shows days. */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function chooseInCalendar(page: Page, field: Locator, from: string, to: string, language: Language) {
  const [fromYear] = from.split('-').map(Number);
  const [year, month, day] = to.split('-').map(Number);
  if (!fromYear || !year || !month || !day) throw new Error('Dates are YYYY-MM-DD');
  expect(Math.floor(fromYear / 10), 'same decade').toBe(Math.floor(year / 10));
  const monthNames = (['short', 'long'] as const).map((style) =>
    escapeRegExp(
      new Intl.DateTimeFormat(language, { month: style, timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1, 1)),
      ),
    ).replace(/\\\.$/, ''),
  );

  await field.click();
  const calendar = page.getByRole('dialog');
  // The month heading: a month name and the year ("janvier 2000", "January 2000"), no day number.
  await calendar.getByRole('button', { name: new RegExp(`^\\D+ ${fromYear}$`) }).click();
  await calendar.getByRole('button', { name: String(fromYear), exact: true }).click();
  await calendar.getByRole('button', { name: String(year), exact: true }).click();
  await calendar.getByRole('button', { name: new RegExp(`^(${monthNames.join('|')})\\.?$`, 'i') }).click();
  await calendar.getByRole('button', { name: new RegExp(`^\\D*\\b${day}\\b\\D*${year}$`) }).click();
  await expect(calendar).toHaveCount(0);
}

/** How the date field writes the dates these tests use: as each language writes a long date. */
const LONG_DATES: Record<string, Record<Language, string>> = {
  '2000-01-01': { fr: '1 janvier 2000', en: 'January 1, 2000', ro: '1 ianuarie 2000' },
  '2004-05-15': { fr: '15 mai 2004', en: 'May 15, 2004', ro: '15 mai 2004' },
};

export function shownDate(isoDate: string, language: Language): string {
  const shown = LONG_DATES[isoDate]?.[language];
  if (!shown) throw new Error(`Add ${isoDate} to LONG_DATES`);
  return shown;
}

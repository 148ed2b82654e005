/**
 * What the wizard's end-to-end tests share: the file as the server holds it, a draft saved as an
 * earlier visit would have left it, and the People step's cards filled in as a founder types them.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { cnpControlDigit } from '../../src/shared/cnp';
import { text } from './locale-text';
import { bearer, expect, isoDate, pickDate, storedAccessToken } from './real-server';
import type { WizardForm } from './wizard-form';

/** The wizard's steps and their version (schemas/wizard/steps.json). */
export const stepsFile = JSON.parse(readFileSync('schemas/wizard/steps.json', 'utf8')) as {
  version: number;
  steps: string[];
};

/** The company file as the server holds it, read with the page's own token. */
export async function storedFile(page: Page) {
  const token = await storedAccessToken(page);
  const response = await page.request.get('/api/company-file', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    status: string;
    step: number;
    version: number;
    data: Record<string, unknown>;
  };
}

/**
 * A draft saved through the API with the founder's token, as an earlier visit would have left it (the
 * wizard opens on `step`): before the page opens, which then loads it.
 */
export async function savedDraft(
  request: APIRequestContext,
  accessToken: string,
  data: Record<string, unknown>,
  step: number | string,
) {
  const response = await request.post('/api/company-file/draft', {
    headers: bearer(accessToken),
    data: {
      data,
      step: typeof step === 'number' ? step : stepsFile.steps.indexOf(step),
      baseRevision: 0,
      version: stepsFile.version,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A company file submitted through the API with the founder's token (the wizard's own tests submit through it). */
export async function submittedFile(
  request: APIRequestContext,
  accessToken: string,
  data: Record<string, unknown>,
) {
  const response = await request.post('/api/company-file/submit', {
    headers: bearer(accessToken),
    data: { data, version: stepsFile.version },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The 15th of the latest month whose 15th is not in the future: a signature date the calendar offers. */
export function pastFifteenth(): string {
  const today = new Date();
  const month = today.getDate() >= 15 ? today.getMonth() : today.getMonth() - 1;
  return isoDate(new Date(today.getFullYear(), month, 15));
}

/**
 * A valid CNP for a person born on `dateOfBirth` (YYYY-MM-DD, 1900–1999) of `civility`, registered in
 * Cluj (county 12): the control digit computed as src/shared/cnp.ts says.
 */
export function validCnp(civility: 'F' | 'M', dateOfBirth: string): string {
  const [year = '', month = '', day = ''] = dateOfBirth.split('-');
  const first12 = `${civility === 'M' ? 1 : 2}${year.slice(2)}${month}${day}12345`;
  return `${first12}${cnpControlDigit(first12)}`;
}

/**
 * Types a nationality as a founder would ("française", "română") and takes the list's first choice
 * with the keyboard: the state's nationality comes before its territories' ("française (France)").
 */
export async function chooseNationality(page: Page, field: Locator, language: Language, code: string) {
  const country = new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  const adjective = text(language, 'nationalities', `${code}.feminine`);
  const label = `${adjective} (${country})`;
  await field.fill(adjective);
  // The searchable list's options (a select of the page has its own).
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(label);
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(field).toHaveValue(label);
}

/** Types a country's name in the language of the page and takes it from the list. */
export async function chooseCountry(page: Page, field: Locator, language: Language, code: string) {
  const country = new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  await field.fill(country);
  await page.getByRole('listbox').getByRole('option', { name: country, exact: true }).click();
  await expect(field).toHaveValue(country);
}

/** Scrolls a field to the middle of the window. */
async function centered(field: Locator) {
  await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
}

/** A natural person as the People step asks for them; France and Romania each add their own fields. */
export interface NaturalPersonInput {
  civility: 'F' | 'M';
  lastName: string;
  firstNames: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  placeOfBirth: string;
  /** ISO code of the nationality. */
  nationality: string;
  address: string;
  // France
  fatherName?: string;
  motherName?: string;
  maritalStatus?: 'single' | 'married' | 'pacs' | 'divorced' | 'widowed';
  // Romania
  cnp?: string;
  idType?: 'idCard' | 'passport' | 'residencePermit';
  idSeries?: string;
  idNumber?: string;
  idIssuedBy?: string;
  /** YYYY-MM-DD. */
  idIssuedOn?: string;
}

/**
 * The n-th person's card, filled in field by field. The calendar of an empty birth date opens on
 * December 2000; of a date already shown (`birthDateShown`, YYYY-MM-DD: the founder's, from the
 * account), on its month.
 */
export async function fillNaturalPerson(
  page: Page,
  form: WizardForm,
  language: Language,
  number: number,
  person: NaturalPersonInput,
  birthDateShown?: string,
) {
  const card = form.person(number);
  const t = form.t;
  await expect(card.kind).toHaveValue('natural');
  await card.civility.selectOption({ label: t(`fields.person.civility.${person.civility}`) });
  await card.lastName.fill(person.lastName);
  await card.firstNames.fill(person.firstNames);
  // The calendar opens under its field: a field at the bottom of the window would have it scroll the
  // page while it opens, and move under the pointer.
  await centered(card.dateOfBirth);
  if (!birthDateShown) await expect(card.dateOfBirth).toHaveText(text(language, 'forms', 'date.placeholder'));
  await pickDate(page, card.dateOfBirth, person.dateOfBirth, {
    opensOn: birthDateShown?.slice(0, 7) ?? '2000-12',
  });
  await card.placeOfBirth.fill(person.placeOfBirth);
  await chooseNationality(page, card.nationality, language, person.nationality);
  await card.address.fill(person.address);
  if (person.fatherName !== undefined) await card.fatherName.fill(person.fatherName);
  if (person.motherName !== undefined) await card.motherName.fill(person.motherName);
  if (person.maritalStatus)
    await card.maritalStatus.selectOption({
      label: t(`fields.person.maritalStatus.${person.maritalStatus}`),
    });
  if (person.cnp !== undefined) await card.cnp.fill(person.cnp);
  if (person.idType) {
    await card.idType.selectOption({ label: t(`fields.person.idType.${person.idType}`) });
    // The series is an identity card's only.
    if (person.idType === 'idCard') await card.idSeries.fill(person.idSeries ?? '');
    else await expect(card.idSeries).toHaveCount(0);
  }
  if (person.idNumber !== undefined) await card.idNumber.fill(person.idNumber);
  if (person.idIssuedBy !== undefined) await card.idIssuedBy.fill(person.idIssuedBy);
  if (person.idIssuedOn) {
    await centered(card.idIssuedOn);
    await pickDate(page, card.idIssuedOn, person.idIssuedOn);
  }
}

/** The legal declaration's answers and the company's details, for a draft that starts on the People step. */
export function companyDraft(form: 'FR-SAS' | 'RO-SRL'): Record<string, unknown> {
  const romanian = form === 'RO-SRL';
  return {
    jurisdiction: romanian ? 'RO' : 'FR',
    legalForm: romanian ? 'SRL' : 'SAS',
    currency: romanian ? 'RON' : 'EUR',
    companyName: romanian ? 'Brutăria Dumitrescu' : 'Atelier Lumière',
    corporatePurpose: romanian
      ? 'Fabricarea pâinii și a produselor de patiserie.'
      : "Conception et fabrication de luminaires, vente d'objets de décoration.",
    registeredOffice: romanian
      ? 'Strada Florilor 3, 400000 Cluj-Napoca, România'
      : '8 rue des Tanneurs, 69002 Lyon, France',
    shareCapital: 1000,
    numberOfShares: 100,
    ...(romanian ? { caenMain: '1071', caenSecondary: [] } : { durationYears: 99 }),
    nonConvictionStatement: true,
    placeOfSignature: romanian ? 'Cluj-Napoca' : 'Lyon',
    dateOfSignature: pastFifteenth(),
  };
}

import type { Locator, Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { fillTemplate } from '../../src/testing/fill-template';
import { text } from './locale-text';

// The wizard's controls, found as a user finds them: by their role and their label in a language.
// Some words depend on the country (`FR`, `RO`) or the legal form: `jurisdiction` and `legalForm` pick them.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function wizardForm(
  page: Page,
  language: Language,
  jurisdiction: 'FR' | 'RO' = 'FR',
  legalForm = 'SAS',
) {
  const t = (key: string) => text(language, 'wizard', key);
  const label = (field: string) => t(`fields.${field}.title`);
  const textbox = (name: string, scope: Page | Locator = page) =>
    scope.getByRole('textbox', { name, exact: true });
  const dateButton = (name: string, scope: Page | Locator = page) =>
    scope.getByRole('button', { name, exact: true });
  // A short list (a person, a civility) is the browser's own select; a long one (countries) a searchable textbox.
  const select = (name: string, scope: Page | Locator = page) =>
    scope.getByRole('combobox', { name, exact: true });
  /** A list's card by its numbered heading; a person's card adds the name once typed ("Person 2 — Ioana Popescu"). */
  const card = (heading: string, number: number, scope: Page | Locator = page) =>
    scope.getByRole('region', {
      name: new RegExp(`^${escapeRegExp(fillTemplate(heading, { number }))}(?: — .*)?$`),
    });
  const managerTitle =
    jurisdiction === 'RO' ? 'administrator' : ['SAS', 'SASU'].includes(legalForm) ? 'president' : 'gerant';

  /** The card of the n-th person of the People step (1-based), and its fields. */
  const person = (number: number) => {
    const scope = card(t('fields.person.heading'), number);
    const field = (name: string) => textbox(label(`person.${name}`), scope);
    const choice = (name: string) => select(label(`person.${name}`), scope);
    /** The n-th owner of a company (a person of the file and the percentage they hold). */
    const owner = (ownerNumber: number) => {
      const ownerCard = card(t('fields.person.owner.heading'), ownerNumber, scope);
      return {
        card: ownerCard,
        person: select(label('person.owner.person'), ownerCard),
        percent: textbox(label('person.owner.percent'), ownerCard),
      };
    };
    return {
      card: scope,
      kind: choice('kind'),
      civility: choice('civility'),
      lastName: field('lastName'),
      usageName: field('usageName'),
      firstNames: field('firstNames'),
      dateOfBirth: dateButton(label('person.dateOfBirth'), scope),
      placeOfBirth: field('placeOfBirth'),
      nationality: field('nationality'),
      address: field('address'),
      cnp: field('cnp'),
      idType: choice('idType'),
      idSeries: field('idSeries'),
      idNumber: field('idNumber'),
      idIssuedBy: field('idIssuedBy'),
      idIssuedOn: dateButton(label('person.idIssuedOn'), scope),
      fatherName: field('fatherName'),
      motherName: field('motherName'),
      maritalStatus: choice('maritalStatus'),
      matrimonialRegime: choice('matrimonialRegime'),
      commonFunds: scope.getByRole('checkbox', { name: label('person.commonFunds'), exact: true }),
      spouseCivility: choice('spouseCivility'),
      spouseLastName: field('spouseLastName'),
      spouseFirstNames: field('spouseFirstNames'),
      name: field('name'),
      legalForm: field('legalForm'),
      registeredOffice: field('registeredOffice'),
      country: field('country'),
      registrationNumber: field('registrationNumber'),
      representative: choice('representativeId'),
      owner,
      addOwner: scope.getByRole('button', { name: t('fields.person.owner.add'), exact: true }),
      remove: scope.getByRole('button', { name: fillTemplate(t('fields.person.remove'), { number }) }),
    };
  };

  /** The card of the n-th subscriber (1-based): the associate, chosen among the persons, and their shares. */
  const subscriber = (number: number) => {
    const scope = card(t('fields.subscriber.heading'), number);
    return {
      card: scope,
      person: select(label('subscriber.person'), scope),
      shares: textbox(t(`fields.subscriber.shares.title.${jurisdiction}`), scope),
      subscription: textbox(label('subscriber.subscription'), scope),
      paidAmount: textbox(label('subscriber.paidAmount'), scope),
      remove: scope.getByRole('button', { name: fillTemplate(t('fields.subscriber.remove'), { number }) }),
    };
  };

  /** The card of the n-th manager (president, gérant, administrator): a person chosen among the persons. */
  const manager = (number: number) => {
    const scope = card(t(`fields.manager.heading.${managerTitle}`), number);
    return {
      card: scope,
      person: select(t(`fields.manager.person.title.${managerTitle}`), scope),
    };
  };

  return {
    t,
    /** The heading of the step on screen. */
    stepHeading: page.getByRole('heading', { level: 2 }).first(),
    stepTitle: (step: string) => t(`steps.${step}.title`),
    next: page.getByRole('button', { name: t('ui.next'), exact: true }),
    back: page.getByRole('button', { name: t('ui.back'), exact: true }),
    complete: page.getByRole('button', { name: t('ui.complete'), exact: true }),
    saved: page.getByText(t('ui.sync.saved'), { exact: true }),
    /** A country card of the first step. */
    country: (code: 'FR' | 'RO') =>
      page.getByRole('radio', { name: text(language, 'jurisdictions', `${code}.title`), exact: true }),
    /** A legal form card of the first step. */
    legalFormCard: (code: string) =>
      page.getByRole('radio', {
        name: text(
          language,
          'jurisdictions',
          `${code === 'SRL' || code === 'SRL_SOLE' ? 'RO' : 'FR'}.forms.${code}.title`,
        ),
        exact: true,
      }),
    person,
    addPerson: page.getByRole('button', { name: t('fields.person.add'), exact: true }),
    companyName: textbox(label('companyName')),
    corporatePurpose: textbox(label('corporatePurpose')),
    caenMain: textbox(label('caenMain')),
    caenSecondary: textbox(label('caenSecondary')),
    registeredOffice: textbox(label('registeredOffice')),
    shareCapital: textbox(label('shareCapital')),
    numberOfShares: textbox(t(`fields.numberOfShares.title.${jurisdiction}`)),
    durationYears: textbox(label('durationYears')),
    manager,
    addManager: page.getByRole('button', { name: t(`fields.manager.add.${managerTitle}`), exact: true }),
    /** A SAS's directeur général, chosen among the persons (optional). */
    directorGeneral: select(label('directorGeneral')),
    nonConviction: page.getByRole('checkbox', { name: label('nonConvictionStatement'), exact: true }),
    placeOfSignature: textbox(label('placeOfSignature')),
    dateOfSignature: dateButton(label('dateOfSignature')),
    subscriber,
    addSubscriber: page.getByRole('button', { name: t('fields.subscriber.add'), exact: true }),
    /** The review before submitting. */
    review: {
      heading: page.getByRole('heading', { name: t('review.title'), exact: true }),
      section: (step: string) => page.getByRole('region', { name: t(`steps.${step}.title`), exact: true }),
      /** The people and their roles, with the beneficial owners. */
      persons: page.getByRole('region', { name: t('review.persons.title'), exact: true }),
      edit: (step: string) =>
        page.getByRole('button', {
          name: fillTemplate(t('review.editStep'), { step: t(`steps.${step}.title`) }),
        }),
      submit: page.getByRole('button', { name: t('review.submit'), exact: true }),
      backToReview: page.getByRole('button', { name: t('review.backToReview'), exact: true }),
      submitted: page.getByText(t('review.submitted.title'), { exact: true }),
    },
  };
}

export type WizardForm = ReturnType<typeof wizardForm>;

import type { Locator, Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { fillTemplate } from '../../src/testing/fill-template';
import { text } from './locale-text';

// The wizard's controls, found as a user finds them: by their role and their label in a language.
// Some words depend on the country (`FR`, `RO`) or the legal form: `jurisdiction` and `legalForm` pick them.

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
  const managerTitle =
    jurisdiction === 'RO' ? 'administrator' : ['SAS', 'SASU'].includes(legalForm) ? 'president' : 'gerant';

  /** The card of the n-th subscriber (1-based), and its fields. */
  const subscriber = (number: number) => {
    const card = page.getByRole('region', { name: fillTemplate(t('fields.subscriber.heading'), { number }) });
    return {
      card,
      name: textbox(label('subscriber.name'), card),
      address: textbox(label('subscriber.address'), card),
      shares: textbox(t(`fields.subscriber.shares.title.${jurisdiction}`), card),
      subscription: textbox(label('subscriber.subscription'), card),
      paidAmount: textbox(label('subscriber.paidAmount'), card),
      remove: card.getByRole('button', { name: fillTemplate(t('fields.subscriber.remove'), { number }) }),
    };
  };

  /** The card of the n-th manager (president, gérant, administrator), and its fields. */
  const manager = (number: number) => {
    const card = page.getByRole('region', {
      name: fillTemplate(t(`fields.manager.heading.${managerTitle}`), { number }),
    });
    return {
      card,
      name: textbox(label('manager.name'), card),
      isAssociate: card.getByRole('checkbox', { name: label('manager.isAssociate'), exact: true }),
      dateOfBirth: dateButton(label('manager.dateOfBirth'), card),
      placeOfBirth: textbox(label('manager.placeOfBirth'), card),
      nationality: textbox(label('manager.nationality'), card),
      address: textbox(label('manager.address'), card),
      fatherName: textbox(label('manager.fatherName'), card),
      motherName: textbox(label('manager.motherName'), card),
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
    fullName: textbox(label('fullName')),
    dateOfBirth: dateButton(label('dateOfBirth')),
    placeOfBirth: textbox(label('placeOfBirth')),
    nationality: textbox(label('nationality')),
    address: textbox(label('address')),
    fatherName: textbox(label('fatherName')),
    motherName: textbox(label('motherName')),
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
    nonConviction: page.getByRole('checkbox', { name: label('nonConvictionStatement'), exact: true }),
    placeOfSignature: textbox(label('placeOfSignature')),
    dateOfSignature: dateButton(label('dateOfSignature')),
    subscriber,
    addSubscriber: page.getByRole('button', { name: t('fields.subscriber.add'), exact: true }),
    /** The review before submitting. */
    review: {
      heading: page.getByRole('heading', { name: t('review.title'), exact: true }),
      section: (step: string) => page.getByRole('region', { name: t(`steps.${step}.title`), exact: true }),
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

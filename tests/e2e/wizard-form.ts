import type { Locator, Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { fillTemplate } from '../../src/testing/fill-template';
import { text } from './locale-text';

// The wizard's controls, found as a user finds them: by their role and their label in a language.

export function wizardForm(page: Page, language: Language) {
  const t = (key: string) => text(language, 'wizard', key);
  const label = (field: string) => t(`fields.${field}.title`);
  const textbox = (field: string, scope: Page | Locator = page) =>
    scope.getByRole('textbox', { name: label(field), exact: true });
  const dateButton = (field: string) => page.getByRole('button', { name: label(field), exact: true });

  /** The card of the n-th subscriber (1-based), and its fields. */
  const subscriber = (number: number) => {
    const card = page.getByRole('region', { name: fillTemplate(t('fields.subscriber.heading'), { number }) });
    return {
      card,
      name: textbox('subscriber.name', card),
      address: textbox('subscriber.address', card),
      shares: textbox('subscriber.shares', card),
      subscription: textbox('subscriber.subscription', card),
      paidAmount: textbox('subscriber.paidAmount', card),
      remove: card.getByRole('button', { name: fillTemplate(t('fields.subscriber.remove'), { number }) }),
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
    fullName: textbox('fullName'),
    dateOfBirth: dateButton('dateOfBirth'),
    placeOfBirth: textbox('placeOfBirth'),
    nationality: textbox('nationality'),
    address: textbox('address'),
    fatherName: textbox('fatherName'),
    motherName: textbox('motherName'),
    companyName: textbox('companyName'),
    corporatePurpose: textbox('corporatePurpose'),
    registeredOffice: textbox('registeredOffice'),
    shareCapital: textbox('shareCapital'),
    numberOfShares: textbox('numberOfShares'),
    durationYears: textbox('durationYears'),
    presidentName: textbox('presidentName'),
    presidentAddress: textbox('presidentAddress'),
    nonConviction: page.getByRole('checkbox', { name: label('nonConvictionStatement'), exact: true }),
    placeOfSignature: textbox('placeOfSignature'),
    dateOfSignature: dateButton('dateOfSignature'),
    subscriber,
    addSubscriber: page.getByRole('button', { name: t('fields.subscriber.add'), exact: true }),
  };
}

export type WizardForm = ReturnType<typeof wizardForm>;

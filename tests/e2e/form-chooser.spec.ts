import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { formatFigures, resolveFigures } from '../../src/features/form-chooser/figures';
import type { ChooserFile } from '../../src/features/form-chooser/recommend';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { legalFormsOf, parameterReaderOf } from '../../src/shared/jurisdictions';
import { readWizardSource } from '../../src/shared/wizard-source.node';
import { fillTemplate } from '../../src/testing/fill-template';
import { useLanguage } from './fixtures';
import { text } from './locale-text';
import { createAccount, expect, test } from './real-server';
import { wizardForm } from './wizard-form';

// The legal-form chooser (issue 36): on /choose-your-legal-form in each language, and in the wizard's
// first step ("Help me choose"), against the real server and its built app.

const words = (language: Language, key: string) => text(language, 'chooser', key);

const content = JSON.parse(readFileSync('schemas/form-chooser.json', 'utf8')) as ChooserFile;
const legalForms = legalFormsOf(readWizardSource(process.cwd()).jurisdictions);
/** The content's figures, worked out as the page does (the numbers of associates from the jurisdictions). */
const figures = resolveFigures(content.figures, parameterReaderOf(legalForms)).figures;

/** A rule's reason as the card writes it: its words with its figures in the reader's language. */
function reasonWords(language: Language, id: string) {
  const rule = content.rules.find((candidate) => candidate.id === id);
  if (!rule) throw new Error(`no rule ${id}`);
  return fillTemplate(words(language, `reasons.${id}`), formatFigures(rule.figures, figures, language));
}

/**
 * An option's words as the founder reads them: the chosen country's own wording when the content has
 * one (options.<option>_FR / _RO, which the app asks i18next for as a context), else the common one.
 */
function optionWords(language: Language, question: string, option: string, country: string | undefined) {
  const key = `questions.${question}.options.${option}`;
  const names = content.questions.find((candidate) => candidate.id === question)?.figures;
  const fill = (template: string) => fillTemplate(template, formatFigures(names, figures, language));
  try {
    return fill(
      country && question !== 'country' ? words(language, `${key}_${country}`) : words(language, key),
    );
  } catch {
    return fill(words(language, key));
  }
}

/**
 * Answers the chooser's questions, by their words; `country` is the one already chosen, else the
 * `country` answer's.
 */
async function answer(page: Page, language: Language, answers: Record<string, string>, country?: string) {
  for (const [question, option] of Object.entries(answers)) {
    const group = page.getByRole('radiogroup', { name: words(language, `questions.${question}.title`) });
    await group
      .getByRole('radio', {
        name: optionWords(language, question, option, country ?? answers.country),
        exact: true,
      })
      .check();
  }
}

function recommendation(page: Page, language: Language, form: string) {
  return page.getByRole('heading', {
    name: fillTemplate(words(language, 'ui.recommendation.title'), {
      form: text(language, 'jurisdictions', `FR.forms.${form}.short`),
    }),
  });
}

for (const language of LANGUAGES) {
  test(`in ${language}, /choose-your-legal-form recommends a SASU to a solo founder paid as an employee and an EURL to one who prefers lower contributions, with their reasons`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, language);
    await page.goto('/choose-your-legal-form');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words(language, 'ui.title'));
    await expect(page).toHaveTitle(
      new RegExp(text(language, 'marketing', 'meta.formChooser.title').replace(/[?]/g, '\\?')),
    );

    await answer(page, language, {
      country: 'FR',
      associates: 'alone',
      pay: 'employee',
      profit: 'medium',
      investors: 'no',
    });
    await expect(recommendation(page, language, 'SASU')).toBeVisible();
    await expect(page.getByText(reasonWords(language, 'sasuEmployee'))).toBeVisible();
    // France's forms compared side by side, the sources dated, and the line saying it is not advice.
    const table = page.getByRole('table');
    for (const code of ['SAS', 'SASU', 'SARL', 'EURL'])
      await expect(table.locator(`th[data-form="${code}"]`)).toContainText(
        text(language, 'jurisdictions', `FR.forms.${code}.short`),
      );
    await expect(table.locator('th[data-form="SASU"]')).toContainText(
      words(language, 'ui.table.recommended'),
    );
    await expect(page.getByRole('heading', { name: words(language, 'ui.sources.title') })).toBeVisible();
    await expect(page.getByText(words(language, 'ui.notAdvice'))).toBeVisible();

    await answer(page, language, { pay: 'lowerContributions' }, 'FR');
    await expect(recommendation(page, language, 'EURL')).toBeVisible();
    await expect(page.getByText(reasonWords(language, 'eurlLowerContributions'))).toBeVisible();
    await expect(page.getByText(reasonWords(language, 'sasuEmployee'))).toHaveCount(0);
  });
}

test('/services links to the chooser', async ({ page, context }) => {
  await useLanguage(context, 'fr');
  await page.goto('/services');
  await page.getByRole('link', { name: text('fr', 'marketing', 'services.chooserLink') }).click();
  await expect(page).toHaveURL('/choose-your-legal-form');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words('fr', 'ui.title'));
});

test('in the wizard, "Choose this form" fills the country and the legal form', async ({ page, context }) => {
  const language = 'ro';
  await useLanguage(context, language);
  await createAccount(page.request, language, 'Camille');
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language, 'FR', 'SASU');
  // Before a country, a line asks for it rather than every country's forms.
  await expect(page.getByText(text(language, 'wizard', 'fields.legalForm.chooseCountryFirst'))).toBeVisible();
  await expect(form.legalFormCard('SASU')).toHaveCount(0);

  await page.getByRole('button', { name: text(language, 'wizard', 'fields.legalForm.helpMeChoose') }).click();
  const dialog = page.getByRole('dialog', {
    name: text(language, 'wizard', 'fields.legalForm.chooserTitle'),
  });
  await answer(page, language, {
    country: 'FR',
    associates: 'alone',
    pay: 'employee',
    profit: 'low',
    investors: 'no',
  });
  await expect(recommendation(page, language, 'SASU')).toBeVisible();
  await dialog.getByRole('button', { name: words(language, 'ui.recommendation.choose') }).click();
  await expect(dialog).toBeHidden();
  await expect(form.country('FR')).toBeChecked();
  await expect(form.legalFormCard('SASU')).toBeChecked();
});

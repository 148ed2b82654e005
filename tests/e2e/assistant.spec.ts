import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { expectNoViolations, isAxeTurn } from './axe';
import { keepScreenshot, useLanguage } from './fixtures';
import { text } from './locale-text';
import { createAccount, expect, test } from './real-server';
import { savedDraft } from './wizard-fill';
import { wizardForm } from './wizard-form';

// The wizard's assistant against the real server (issue 20): questions typed as founders type them,
// each answered first by the entry the question set expects, shown under its topic of /help. A French
// founder (SAS) and a Romanian one (SRL), in each language: the founder's country ranks its entries first.

/** The topics of /help and their entries. */
const helpTopics = JSON.parse(readFileSync('schemas/help.json', 'utf8')) as {
  topics: { id: string; items: string[] }[];
};

/** The topic of /help an entry is filed under. */
function topicOf(entry: string): string {
  const topic = helpTopics.topics.find((candidate) => candidate.items.includes(entry));
  if (!topic) throw new Error(`${entry} is in no topic of schemas/help.json`);
  return topic.id;
}

/** An entry's question in `language` (locales/<lang>/knowledge.json, or faq.json for the landing page's). */
function entryQuestion(language: Language, entry: string): string {
  const items = (file: string) =>
    (
      JSON.parse(readFileSync(`locales/${language}/${file}.json`, 'utf8')) as {
        items: Record<string, { question: string }>;
      }
    ).items;
  const question = items('knowledge')[entry]?.question ?? items('faq')[entry]?.question;
  if (!question) throw new Error(`No entry ${entry} in locales/${language}`);
  return question;
}

interface QuestionCase {
  q: string;
  answers: string[];
}
/** The question set's questions (tests/fixtures/assistant-questions), by language. */
const QUESTION_SET = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(`tests/fixtures/assistant-questions/${language}.json`, 'utf8')) as QuestionCase[],
  ]),
) as Record<Language, QuestionCase[]>;

/**
 * Five questions of the question set per founder and language, on five topics, that the assistant
 * answers first with an entry the set expects, well ahead of the next answer (November 2026): the
 * founder's own country, or either, in a founder's own words, typos included.
 */
const QUESTIONS: Record<'FR' | 'RO', Record<Language, { q: string; entry: string }[]>> = {
  FR: {
    fr: [
      { q: 'je suis tout seul sur mon projet, sasu ou eurl c mieux ?', entry: 'soloSasuOrEurlFr' },
      {
        q: 'est ce que je peux mettre le sieje social chez moi ? je suis locataire',
        entry: 'registeredOfficeAtHomeFr',
      },
      {
        q: 'infogreffe ou inpi pour immatriculer ma sas ? jcomprend plus rien',
        entry: 'singleWindowRegistrationFr',
      },
      { q: 'Le DG doit aussi faire une attestation de filiation ?', entry: 'nonConvictionDeclarationFr' },
      { q: 'Je peux vous joindre par téléphone ?', entry: 'supportContact' },
    ],
    en: [
      { q: 'freelancer going solo in france - sasu or eurl??', entry: 'soloSasuOrEurlFr' },
      { q: 'how much is the annonce legale for an EURL', entry: 'legalNoticeFr' },
      {
        q: 'Can I contribute my equipment instead of cash to my French company?',
        entry: 'contributionInKindFr',
      },
      { q: 'pdf or docx - which one do i file?', entry: 'documentFormatsPdfWord' },
      { q: 'how do I delete my account (GDPR)', entry: 'personalDataExportDeletion' },
    ],
    ro: [
      { q: 'De ce îmi cer numele părinților pentru firma din Franța?', entry: 'nonConvictionDeclarationFr' },
      { q: 'capital minim pt o firma in franta', entry: 'frenchCapital' },
      { q: 'E sigur să plătesc cu cardul pe site?', entry: 'paymentSecurity' },
      { q: 'Asistentul mă poate ajuta să completez formularul?', entry: 'assistant' },
      { q: 'Cum îmi șterg contul?', entry: 'personalDataExportDeletion' },
    ],
  },
  RO: {
    fr: [
      {
        q: "Domicilier ma SRL dans mon appartement à Bucarest, il faut l'accord des voisins ?",
        entry: 'registeredOfficeAtHomeRo',
      },
      { q: 'Comment réserver le nom de ma SRL ?', entry: 'nameReservationRo' },
      { q: "c'est sécurisé de rentrer ma CB sur votre site ?", entry: 'paymentSecurity' },
      {
        q: "depot du capital de la srl avant ou apres l'immatriculation ?",
        entry: 'capitalPaymentDeadlinesRo',
      },
      { q: 'Je peux vous joindre par téléphone ?', entry: 'supportContact' },
    ],
    en: [
      {
        q: 'I want to sell my parts in the srl to an outside investor, what approval do I need',
        entry: 'sharesTransferRo',
      },
      { q: 'How long till I get my CUI?', entry: 'registrationTimeCuiRo' },
      { q: 'can the SRL capital be in EUR since I live in Germany?', entry: 'capitalCurrencyLeiRo' },
      {
        q: 'what does the administrator have to sign, is the specimen signature still needed?',
        entry: 'administratorDeclarationsRo',
      },
      { q: 'do you store my card details', entry: 'paymentSecurity' },
    ],
    ro: [
      {
        q: 'stau cu chirie, ce act imi trebuie pt sediu? comodat de la proprietar?',
        entry: 'registeredOfficeAtHomeRo',
      },
      { q: 'specimenul de semnatura mai trebuie dat la notar?', entry: 'administratorDeclarationsRo' },
      {
        q: 'trebuie sa am banii de capital in cont inainte de inmatriculare?',
        entry: 'capitalPaymentDeadlinesRo',
      },
      { q: 'in cate zile primesc CUI-ul?', entry: 'registrationTimeCuiRo' },
      { q: 'ce e codul caen si cum il aleg', entry: 'caenCodes' },
    ],
  },
};

/** A file whose first step was answered: the country, the legal form and the currency that goes with them. */
function formChosen(founder: { jurisdiction: 'FR' | 'RO'; legalForm: string }) {
  return {
    jurisdiction: founder.jurisdiction,
    legalForm: founder.legalForm,
    currency: founder.jurisdiction === 'RO' ? 'RON' : 'EUR',
  };
}

const FOUNDERS = [
  { jurisdiction: 'FR', legalForm: 'SAS', name: 'a French founder (SAS)' },
  { jurisdiction: 'RO', legalForm: 'SRL', name: 'a Romanian founder (SRL)' },
] as const;

test.describe('the assistant answers founders under the right help topic', () => {
  // Five questions in one conversation, after a sign-up.
  test.describe.configure({ timeout: 90_000 });

  for (const founder of FOUNDERS) {
    for (const language of LANGUAGES) {
      const questions = QUESTIONS[founder.jurisdiction][language];

      test(`${founder.name}, in ${language}`, async ({ page, context }, testInfo) => {
        // The questions are the question set's, with the answer it expects.
        for (const { q, entry } of questions)
          expect(
            QUESTION_SET[language].find((question) => question.q === q)?.answers,
            `"${q}" in tests/fixtures/assistant-questions/${language}.json`,
          ).toContain(entry);

        const a = (key: string) => text(language, 'assistant', `chat.${key}`);
        await useLanguage(context, language);
        // The country and the legal form, chosen on the first step of an earlier visit (the first step
        // has its own tests, wizard.spec.ts): the assistant knows them.
        const account = await createAccount(page.request, language, 'Camille');
        await savedDraft(page.request, account.accessToken, formChosen(founder), 'people');
        await page.goto('/ai-powered-form');
        const form = wizardForm(page, language, founder.jurisdiction, founder.legalForm);
        await expect(form.stepHeading).toHaveText(form.stepTitle('people'));

        const panel = page.getByRole('complementary', { name: a('title') });
        const input = panel.getByRole('textbox', { name: a('input.label') });
        const exchanges = panel.getByTestId('assistant-exchange');
        for (const [index, { q, entry }] of questions.entries()) {
          await input.fill(q);
          await input.press('Enter');
          const exchange = exchanges.nth(index);
          await expect(exchange).toContainText(q);
          await expect(
            exchange.getByTestId('assistant-answer-topic').first(),
            `the topic of the first answer to "${q}"`,
          ).toHaveText(text(language, 'info', `help.topics.${topicOf(entry)}`));
          // The entry itself, not only its topic: several entries share one.
          await expect(exchange.getByTestId('assistant-answer').first()).toContainText(
            entryQuestion(language, entry),
          );
        }
        await expect(exchanges).toHaveCount(questions.length);
        // The answers, their topics and links pass axe's rules (contrast, link names…): for the French
        // founder in French and the Romanian one in English (the same markup for every founder and language).
        if (isAxeTurn(FOUNDERS.indexOf(founder), language)) await expectNoViolations(page);
        await keepScreenshot(panel, {
          path: `/tmp/e2e-shots/assistant-${founder.jurisdiction}-${language}-${testInfo.project.name}.png`,
        });
      });
    }
  }
});

/** What a founder of each country asks about their own company (issue 36), in their language. */
const OWN_COMPANY = [
  {
    jurisdiction: 'FR',
    legalForm: 'SASU',
    language: 'fr',
    cost: 'Combien ça coûte au total, greffe et annonce compris ?',
    capital: 'Combien dois-je verser de capital à la création ?',
    // 1 000 €, of which a SASU pays in half at creation (C. com. L. 225-3).
    amount: '1000',
    deposit: /au moins 500\s€ à déposer/,
    ownFee: /35,59\s€/,
    otherCountry: /lei|ONRC/,
  },
  {
    jurisdiction: 'RO',
    legalForm: 'SRL',
    language: 'ro',
    cost: 'Cât costă în total să înființez un SRL, cu taxele ONRC?',
    capital: 'Trebuie să depun capitalul înainte de înmatriculare?',
    // 1.000 lei: nothing before registration, 30 % within 3 months after it (Legea 31/1990 art. 9^1).
    amount: '1000',
    deposit: /cel puțin 300\slei/,
    ownFee: /138\slei/,
    otherCountry: /greffe|35,59|€ de frais/,
  },
] as const;

test.describe("the assistant answers with the founder's own figures", () => {
  test.describe.configure({ timeout: 90_000 });

  for (const founder of OWN_COMPANY) {
    test(`a ${founder.legalForm} in ${founder.language}: the total cost, then the capital to pay in`, async ({
      page,
      context,
    }, testInfo) => {
      const { language } = founder;
      const a = (key: string) => text(language, 'assistant', key);
      await useLanguage(context, language);
      const account = await createAccount(page.request, language, 'Camille');
      await savedDraft(page.request, account.accessToken, formChosen(founder), 'people');
      await page.goto('/ai-powered-form');
      const form = wizardForm(page, language, founder.jurisdiction, founder.legalForm);
      await expect(form.stepHeading).toHaveText(form.stepTitle('people'));

      const panel = page.getByRole('complementary', { name: a('chat.title') });
      const input = panel.getByRole('textbox', { name: a('chat.input.label') });
      const blocks = panel.getByTestId('assistant-personal');

      // The cost: their form's total, with their country's fees only, and where each comes from.
      await input.fill(founder.cost);
      await input.press('Enter');
      const cost = blocks.nth(0);
      await expect(cost.getByTestId('assistant-personal-headline')).toContainText(founder.legalForm);
      await expect(cost).toContainText(founder.ownFee);
      await expect(cost).not.toContainText(founder.otherCountry);
      await expect(cost).toContainText(a('personal.disclaimer'));

      // The capital, not given yet: the assistant asks for it and opens the field.
      await input.fill(founder.capital);
      await input.press('Enter');
      const missing = blocks.nth(1);
      await missing.getByRole('button', { name: a('personal.goTo.shareCapital') }).click();
      await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
      await expect(form.shareCapital).toBeFocused();
      await form.shareCapital.fill(founder.amount);
      await form.shareCapital.blur();

      // Asked again: the amount to pay in for that capital.
      await input.fill(founder.capital);
      await input.press('Enter');
      await expect(blocks.nth(2)).toContainText(founder.deposit);
      // The figures' blocks pass axe's rules: once, their markup is the same for both countries.
      if (founder === OWN_COMPANY[0]) await expectNoViolations(page);
      await keepScreenshot(panel, {
        path: `/tmp/e2e-shots/assistant-own-figures-${founder.jurisdiction}-${testInfo.project.name}.png`,
      });
    });
  }
});

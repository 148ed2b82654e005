import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enAssistant from '../../../locales/en/assistant.json';
import enFaq from '../../../locales/en/faq.json';
import enInfo from '../../../locales/en/info.json';
import enKnowledge from '../../../locales/en/knowledge.json';
import enWizard from '../../../locales/en/wizard.json';
import frAssistant from '../../../locales/fr/assistant.json';
import frFaq from '../../../locales/fr/faq.json';
import frInfo from '../../../locales/fr/info.json';
import frKnowledge from '../../../locales/fr/knowledge.json';
import frWizard from '../../../locales/fr/wizard.json';
import roAssistant from '../../../locales/ro/assistant.json';
import roFaq from '../../../locales/ro/faq.json';
import roInfo from '../../../locales/ro/info.json';
import roKnowledge from '../../../locales/ro/knowledge.json';
import roWizard from '../../../locales/ro/wizard.json';
import helpTopics from '../../../schemas/help.json';
import { paths } from '@/config/paths';
import type { Language } from '@/lib/i18n/languages';
import type { UserEvent } from '@testing-library/user-event';
import { emulateWideScreen } from '@/testing/assistant-panel';
import { fillTemplate } from '@/testing/fill-template';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import { splitFirstSentence } from './short-answer';
import type * as KnowledgeModule from './use-assistant-knowledge';
import { WizardAssistant } from './wizard-assistant';

// A switch to make the assistant fail to show (as a chunk that does not load), until a retry.
const failing = vi.hoisted(() => ({ on: false }));
vi.mock('./use-assistant-knowledge', async (importOriginal) => {
  const actual = await importOriginal<typeof KnowledgeModule>();
  return {
    ...actual,
    useAssistantKnowledge: (...args: Parameters<typeof actual.useAssistantKnowledge>) => {
      if (failing.on) throw new Error('The assistant could not load');
      return actual.useAssistantKnowledge(...args);
    },
  };
});

/** A text as Testing Library reads the page: its non-breaking spaces ("1 000 €") are plain spaces there. */
const asShown = (text: string) => text.replace(/\s+/g, ' ');

// The hints of a French SAS's steps (each legal form gives the assistant its own).
const sasSteps = (await loadLegalFormSteps['FR-SAS']?.()) ?? [];

const ASSISTANT = {
  fr: frAssistant.chat,
  en: enAssistant.chat,
  ro: roAssistant.chat,
} satisfies Record<Language, typeof frAssistant.chat>;
const WIZARD = { fr: frWizard, en: enWizard, ro: roWizard } satisfies Record<Language, typeof frWizard>;
const FAQ = { fr: frFaq.items, en: enFaq.items, ro: roFaq.items } satisfies Record<
  Language,
  typeof frFaq.items
>;
const KNOWLEDGE = {
  fr: frKnowledge.items,
  en: enKnowledge.items,
  ro: roKnowledge.items,
} satisfies Record<Language, typeof frKnowledge.items>;
/** The titles of /help's topics, which answers show. */
const TOPICS = {
  fr: frInfo.help.topics,
  en: enInfo.help.topics,
  ro: roInfo.help.topics,
} satisfies Record<Language, typeof frInfo.help.topics>;
type TopicId = keyof typeof frInfo.help.topics;
const LANGS = Object.keys(ASSISTANT) as Language[];

/** What the badge says: instant answers from our guide, which no one mistakes for a live agent. */
const STATUS: Record<Language, string> = {
  fr: 'Réponses instantanées',
  en: 'Instant answers',
  ro: 'Răspunsuri instantanee',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A link's accessible name: its text, then the words saying that it opens a new tab. */
const newTabLink = (language: Language, text: string) =>
  new RegExp(`^${escapeRegExp(text)}\\s*${escapeRegExp(ASSISTANT[language].answer.newTab)}$`);

/** Replies searched in the other languages arrive once their chunks are loaded: a generous wait. */
const LAZY = { timeout: 10_000 };

/**
 * A question in another language than the interface's, with none of the words of the interface
 * language's entries, and the entry (of the knowledge base) that answers it in its own language.
 */
const FOREIGN_QUESTION: Record<
  Language,
  { language: Language; question: string; entry: keyof typeof frKnowledge.items; topic: TopicId }
> = {
  fr: {
    language: 'ro',
    question: 'Cum îmi șterg contul?',
    entry: 'personalDataExportDeletion',
    topic: 'accountSupport',
  },
  en: {
    language: 'fr',
    question: 'Je peux vous joindre par téléphone ?',
    entry: 'supportContact',
    topic: 'accountSupport',
  },
  ro: {
    language: 'en',
    question: 'do all cofouders need to sign, and where?',
    entry: 'signingDocuments',
    topic: 'documents',
  },
};

/** A question on the share capital in each language, which the guide answers with that field. */
const CAPITAL_QUESTION: Record<Language, string> = {
  fr: 'Quel est le capital social minimum ?',
  en: 'What is the minimum share capital?',
  ro: 'Care este capitalul social minim?',
};
/** Words the guide knows nothing about. */
const UNRELATED_QUESTION: Record<Language, string> = {
  fr: 'météo demain',
  en: 'weather tomorrow',
  ro: 'vremea de mâine',
};

const goToFieldLabel = (language: Language, title: string) =>
  fillTemplate(ASSISTANT[language].answer.goToField, { field: title });

// The test setup's matchMedia matches nothing: the assistant takes its phone layout. A wide screen
// matches the assistant's query (and nothing else, so that Mantine keeps its light colour scheme).
const phoneMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = phoneMatchMedia;
});

function renderAssistant(language: Language, focusedField: string | null = null) {
  const jumpToField = vi.fn();
  const view = renderWithProviders(
    <WizardAssistant focusedField={focusedField} jumpToField={jumpToField} steps={sasSteps} />,
    {
      language,
    },
  );
  return { ...view, jumpToField };
}

/** Renders the wide-screen panel and returns it. */
async function renderPanel(language: Language, focusedField: string | null = null) {
  emulateWideScreen();
  const view = renderAssistant(language, focusedField);
  const panel = await screen.findByRole('complementary', { name: ASSISTANT[language].title });
  // The knowledge loads with the panel (a chunk of its own): the conversation shows once it is there.
  await within(panel).findByRole('log', { name: ASSISTANT[language].conversationLabel });
  return { ...view, panel };
}

/** Opens the phone's panel with its floating button and returns it once its conversation shows. */
async function openOnPhone(user: UserEvent, language: Language) {
  await user.click(screen.getByRole('button', { name: ASSISTANT[language].open }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('log', { name: ASSISTANT[language].conversationLabel });
  return dialog;
}

describe('on a wide screen', () => {
  it.each(LANGS)(
    'is a panel with its title, its status, the greeting and an example question (%s)',
    async (language) => {
      const words = ASSISTANT[language];
      const { panel } = await renderPanel(language);

      expect(within(panel).getByText(words.title)).toBeVisible();
      const log = within(panel).getByRole('log', { name: words.conversationLabel });
      expect(within(log).getByText(words.sample.greeting)).toBeInTheDocument();
      // The spec's sample exchange is an example under the greeting, not a question the founder asked.
      const example = within(log).getByRole('figure', { name: words.sample.label });
      expect(within(example).getByText(words.sample.question)).toBeInTheDocument();
      expect(within(example).getByText(words.sample.answer)).toBeInTheDocument();
      expect(within(log).queryByText(words.you)).not.toBeInTheDocument();
      // No floating button: the panel is always there.
      expect(screen.queryByRole('button', { name: words.open })).not.toBeInTheDocument();
    },
  );

  it.each(LANGS)('says what it is: instant answers, not a live agent (%s)', async (language) => {
    const { panel } = await renderPanel(language);

    expect(ASSISTANT[language].status).toBe(STATUS[language]);
    expect(within(panel).getByText(STATUS[language])).toBeVisible();
  });

  it.each(LANGS)(
    'shows the help topic of an FAQ answer, with a link to read it on /help (%s)',
    async (language) => {
      const words = ASSISTANT[language];
      const { panel, user } = await renderPanel(language);

      await user.type(
        within(panel).getByRole('textbox', { name: words.input.label }),
        `${FAQ[language].payment.question}{Enter}`,
      );

      const [first] = await within(panel).findAllByTestId('assistant-answer');
      if (!first) throw new Error('no answer');
      expect(within(first).getByText(FAQ[language].payment.question)).toBeInTheDocument();
      expect(within(first).getByTestId('assistant-answer-topic')).toHaveTextContent(TOPICS[language].offers);
      const read = within(first).getByRole('link', { name: newTabLink(language, words.answer.readInHelp) });
      expect(read).toHaveAttribute('href', '/help#faq-payment');
      expect(read).toHaveAttribute('target', '_blank');
      // A field's hint keeps its link to the field, and has no topic.
      await user.type(
        within(panel).getByRole('textbox', { name: words.input.label }),
        `${CAPITAL_QUESTION[language]}{Enter}`,
      );
      const field = within(panel)
        .getAllByTestId('assistant-answer')
        .find((answer) =>
          within(answer).queryByRole('button', {
            name: goToFieldLabel(language, WIZARD[language].fields.shareCapital.title),
          }),
        );
      expect(field).toBeDefined();
      expect(within(field as HTMLElement).queryByTestId('assistant-answer-topic')).not.toBeInTheDocument();
    },
  );

  it.each(LANGS)(
    'answers a question in another language from that language, shown in its own (%s)',
    async (language) => {
      const words = ASSISTANT[language];
      const { language: asked, question, entry, topic } = FOREIGN_QUESTION[language];
      const { panel } = await renderPanel(language);
      const input = within(panel).getByRole('textbox', { name: words.input.label });
      const log = within(panel).getByRole('log');

      fireEvent.change(input, { target: { value: question } });
      fireEvent.submit(input.closest('form') as HTMLFormElement);

      // Nothing in the interface's language: a short line while the other languages are searched.
      expect(within(log).getByText(words.answer.searchingOtherLanguages)).toBeInTheDocument();
      expect(
        await within(log).findByText(
          fillTemplate(words.answer.otherLanguage, {
            asked: words.languages[asked],
            shown: words.languages[language],
          }),
          {},
          LAZY,
        ),
      ).toBeInTheDocument();
      expect(within(log).queryByText(words.answer.searchingOtherLanguages)).not.toBeInTheDocument();
      const [first] = within(log).getAllByTestId('assistant-answer');
      expect(first).toHaveTextContent(KNOWLEDGE[language][entry].question);
      expect(within(first as HTMLElement).getByTestId('assistant-answer-topic')).toHaveTextContent(
        TOPICS[language][topic],
      );
    },
  );

  it.each(LANGS)('answers a question sent with Enter with a link to the field (%s)', async (language) => {
    const words = ASSISTANT[language];
    const { panel, user, jumpToField } = await renderPanel(language);
    const input = within(panel).getByRole('textbox', { name: words.input.label });

    await user.type(input, `${CAPITAL_QUESTION[language]}{Enter}`);

    const log = within(panel).getByRole('log');
    expect(within(log).getByText(CAPITAL_QUESTION[language])).toBeInTheDocument();
    expect(within(log).getByText(words.answer.found)).toBeInTheDocument();
    // Short first: the hint's first sentence, the rest folded behind "Details" until asked for.
    const tooltip = WIZARD[language].fields.shareCapital.tooltip.SAS;
    const { first, rest } = splitFirstSentence(tooltip);
    expect(rest).not.toBe('');
    expect(`${first} ${rest}`).toBe(tooltip);
    const hint = within(log)
      .getAllByTestId('assistant-answer')
      .find((answer) => within(answer).queryByText(asShown(first)));
    if (!hint) throw new Error('no answer with the hint');
    expect(within(hint).getByText(asShown(first))).toBeVisible();
    const details = within(hint).getByRole('button', { name: words.answer.details, expanded: false });
    expect(within(hint).getByText(asShown(rest))).not.toBeVisible();
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(within(hint).getByText(asShown(rest))).toBeVisible();
    await user.click(details);
    expect(within(hint).getByText(asShown(rest))).not.toBeVisible();
    // The box is emptied for the next question.
    expect(input).toHaveValue('');

    await user.click(
      within(log).getByRole('button', {
        name: goToFieldLabel(language, WIZARD[language].fields.shareCapital.title),
      }),
    );

    expect(jumpToField).toHaveBeenCalledTimes(1);
    expect(jumpToField).toHaveBeenCalledWith('shareCapital');
  });

  it('sends a question with the Send button, which stays disabled while the box is empty', async () => {
    const words = ASSISTANT.en;
    const { panel, user, jumpToField } = await renderPanel('en');
    const send = within(panel).getByRole('button', { name: words.input.send });
    expect(send).toBeDisabled();

    await user.type(within(panel).getByRole('textbox', { name: words.input.label }), '   ');
    expect(send).toBeDisabled();
    await user.clear(within(panel).getByRole('textbox', { name: words.input.label }));
    await user.type(within(panel).getByRole('textbox', { name: words.input.label }), 'date of birth');
    expect(send).toBeEnabled();
    await user.click(send);

    const goTo = await within(panel).findByRole('button', {
      name: goToFieldLabel('en', WIZARD.en.fields.person.dateOfBirth.title),
    });
    await user.click(goTo);
    expect(jumpToField).toHaveBeenCalledWith('persons.dateOfBirth');
  });

  it("links a subscriber's field by its hint path", async () => {
    const { panel, user, jumpToField } = await renderPanel('en');

    await user.type(
      within(panel).getByRole('textbox', { name: ASSISTANT.en.input.label }),
      'paid amount of a subscriber{Enter}',
    );
    await user.click(
      await within(panel).findByRole('button', {
        name: goToFieldLabel('en', WIZARD.en.fields.subscriber.paidAmount.title),
      }),
    );

    expect(jumpToField).toHaveBeenCalledWith('subscribers.paidAmount');
  });

  it('keeps every question and answer, in order', async () => {
    const { panel, user } = await renderPanel('fr');
    const input = within(panel).getByRole('textbox', { name: ASSISTANT.fr.input.label });

    await user.type(input, `${CAPITAL_QUESTION.fr}{Enter}`);
    await user.type(input, `${UNRELATED_QUESTION.fr}{Enter}`);

    const log = within(panel).getByRole('log');
    await within(log).findByText(ASSISTANT.fr.answer.nothing, {}, LAZY);
    const text = log.textContent ?? '';
    expect(text.indexOf(CAPITAL_QUESTION.fr)).toBeGreaterThan(text.indexOf(ASSISTANT.fr.sample.answer));
    expect(text.indexOf(UNRELATED_QUESTION.fr)).toBeGreaterThan(text.indexOf(CAPITAL_QUESTION.fr));
    expect(text.indexOf(ASSISTANT.fr.answer.nothing)).toBeGreaterThan(text.indexOf(UNRELATED_QUESTION.fr));
  });

  it.each(LANGS)(
    'with no answer in any language, offers three help topics and the contact page (%s)',
    async (language) => {
      const words = ASSISTANT[language];
      const { panel, user } = await renderPanel(language);

      await user.type(
        within(panel).getByRole('textbox', { name: words.input.label }),
        `${UNRELATED_QUESTION[language]}{Enter}`,
      );

      const log = within(panel).getByRole('log');
      expect(within(log).getByText(UNRELATED_QUESTION[language])).toBeInTheDocument();
      expect(await within(log).findByText(words.answer.nothing, {}, LAZY)).toBeInTheDocument();
      expect(within(log).getByText(words.answer.closestTopics)).toBeInTheDocument();
      // No entry shares a word with the question: the first topics of /help.
      const topics = within(log).getAllByRole('listitem');
      expect(topics).toHaveLength(3);
      helpTopics.topics.slice(0, 3).forEach(({ id }, index) => {
        const title = TOPICS[language][id as keyof (typeof TOPICS)['fr']];
        const link = within(topics[index] as HTMLElement).getByRole('link', {
          name: newTabLink(language, title),
        });
        expect(link).toHaveAttribute('href', `/help#help-${id}`);
        expect(link).toHaveAttribute('target', '_blank');
      });
      expect(
        within(log).getByRole('link', { name: newTabLink(language, words.answer.contact) }),
      ).toHaveAttribute('href', paths.contact);
      expect(within(log).queryByText(words.answer.found)).not.toBeInTheDocument();
    },
  );

  it('says at once that VAT is outside its guide, without looking in the other languages (French)', async () => {
    const words = ASSISTANT.fr;
    const { panel, user } = await renderPanel('fr');

    await user.type(
      within(panel).getByRole('textbox', { name: words.input.label }),
      'Quel taux de TVA pour ma boîte ?{Enter}',
    );

    // The refusal comes with the question, not after a search of the other languages' words.
    const log = within(panel).getByRole('log');
    expect(within(log).getByText(words.answer.nothing)).toBeInTheDocument();
    expect(within(log).queryByText(words.answer.searchingOtherLanguages)).not.toBeInTheDocument();
    expect(within(log).queryByText(words.answer.found)).not.toBeInTheDocument();
  });

  it("answers nothing to a question another language's guide leaves out (hiring, in French, in English)", async () => {
    const words = ASSISTANT.en;
    const { panel, user } = await renderPanel('en');

    // The English entries share a word or two with it ("société", "salarié"): not enough to answer.
    await user.type(
      within(panel).getByRole('textbox', { name: words.input.label }),
      'je veux embaucher un salarié dans ma société{Enter}',
    );

    const log = within(panel).getByRole('log');
    expect(await within(log).findByText(words.answer.nothing, {}, LAZY)).toBeInTheDocument();
    expect(within(log).queryByText(words.answer.found)).not.toBeInTheDocument();
    expect(within(log).queryAllByTestId('assistant-answer')).toHaveLength(0);
  });

  it('shows what it found again in the language chosen later', async () => {
    const { question, entry } = FOREIGN_QUESTION.fr;
    const { panel, user, i18n } = await renderPanel('fr');
    const input = within(panel).getByRole('textbox', { name: ASSISTANT.fr.input.label });
    const log = within(panel).getByRole('log');

    // A Romanian question in the French interface, then one nothing answers.
    await user.type(input, `${question}{Enter}`);
    await within(log).findByText(KNOWLEDGE.fr[entry].question, {}, LAZY);
    await user.type(input, `${UNRELATED_QUESTION.fr}{Enter}`);
    await within(log).findByText(ASSISTANT.fr.answer.nothing, {}, LAZY);

    await act(() => i18n.changeLanguage('en'));

    expect(within(log).getByText(KNOWLEDGE.en[entry].question)).toBeInTheDocument();
    expect(
      within(log).getByText(
        fillTemplate(ASSISTANT.en.answer.otherLanguage, {
          asked: ASSISTANT.en.languages.ro,
          shown: ASSISTANT.en.languages.en,
        }),
      ),
    ).toBeInTheDocument();
    expect(within(log).getByText(ASSISTANT.en.answer.nothing)).toBeInTheDocument();
    expect(
      within(log).getByRole('link', { name: newTabLink('en', TOPICS.en.legalForm) }),
    ).toBeInTheDocument();

    await act(() => i18n.changeLanguage('ro'));

    // In Romanian, the language the question was asked in: no note, the answer as found.
    expect(within(log).getByText(KNOWLEDGE.ro[entry].question)).toBeInTheDocument();
    expect(within(log).getByText(ASSISTANT.ro.answer.found)).toBeInTheDocument();
    const note = ASSISTANT.ro.answer.otherLanguage.slice(0, ASSISTANT.ro.answer.otherLanguage.indexOf('{{'));
    expect(note.length).toBeGreaterThan(10);
    expect(within(log).queryByText((content) => content.startsWith(note))).not.toBeInTheDocument();
    expect(
      within(log).getByRole('link', { name: newTabLink('ro', TOPICS.ro.legalForm) }),
    ).toBeInTheDocument();
  });

  it.each(LANGS)('shows the hint of the focused field under its translated title (%s)', async (language) => {
    const field = WIZARD[language].fields.shareCapital;
    await renderPanel(language, 'shareCapital');

    const hint = screen.getByTestId('assistant-hint');
    expect(hint).toHaveTextContent(fillTemplate(ASSISTANT[language].hint.title, { field: field.title }));
    expect(within(hint).getByText(asShown(field.tooltip.SAS))).toBeInTheDocument();
  });

  it("shows a list element's hint for its hint path", async () => {
    await renderPanel('ro', 'subscribers.personId');

    const hint = screen.getByTestId('assistant-hint');
    expect(hint).toHaveTextContent(
      fillTemplate(ASSISTANT.ro.hint.title, { field: WIZARD.ro.fields.subscriber.person.title }),
    );
    expect(hint).toHaveTextContent(WIZARD.ro.fields.subscriber.person.tooltip);
  });

  it('shows no hint without a focused field, or for a field without one', async () => {
    const { rerender } = await renderPanel('en', null);
    expect(screen.queryByTestId('assistant-hint')).not.toBeInTheDocument();

    rerender(<WizardAssistant focusedField="favouriteColour" jumpToField={() => {}} steps={sasSteps} />);
    expect(screen.queryByTestId('assistant-hint')).not.toBeInTheDocument();

    rerender(<WizardAssistant focusedField="numberOfShares" jumpToField={() => {}} steps={sasSteps} />);
    expect(screen.getByTestId('assistant-hint')).toHaveTextContent(
      WIZARD.en.fields.numberOfShares.tooltip.FR,
    );
  });
});

describe('on a phone', () => {
  it.each(LANGS)(
    'puts the focus in the question box once a retry has loaded the assistant (%s)',
    async (language) => {
      const words = ASSISTANT[language];
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      failing.on = true;
      try {
        const { user } = renderAssistant(language);
        await user.click(screen.getByRole('button', { name: words.open }));
        const dialog = await screen.findByRole('dialog');
        const retry = await within(dialog).findByRole('button', { name: words.retry });
        expect(within(dialog).getByRole('alert')).toHaveTextContent(words.loadError);

        failing.on = false;
        await user.click(retry);

        const box = await within(dialog).findByRole('textbox', { name: words.input.label }, LAZY);
        await waitFor(() => expect(box).toHaveFocus());
        expect(within(dialog).queryByRole('button', { name: words.retry })).not.toBeInTheDocument();
      } finally {
        failing.on = false;
        quiet.mockRestore();
      }
    },
  );

  it.each(LANGS)(
    'says the assistant did not load when its words did not come (the connection gone), and shows it after a retry (%s)',
    async (language) => {
      const words = ASSISTANT[language];
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // i18next keeps a namespace whose file failed as loaded, with nothing in it.
      const i18n = createTestI18n(language);
      const knowledgeWords = i18n.getResourceBundle(language, 'knowledge') as Record<string, unknown>;
      i18n.removeResourceBundle(language, 'knowledge');
      try {
        const view = renderWithProviders(
          <WizardAssistant focusedField={null} jumpToField={() => {}} steps={sasSteps} />,
          { language, i18n },
        );
        await view.user.click(screen.getByRole('button', { name: words.open }));
        const dialog = await screen.findByRole('dialog');
        const retry = await within(dialog).findByRole('button', { name: words.retry }, LAZY);
        expect(within(dialog).getByRole('alert')).toHaveTextContent(words.loadError);

        // The connection is back: the retry's new request for the files brings them.
        i18n.addResourceBundle(language, 'knowledge', knowledgeWords);
        await view.user.click(retry);
        expect(await within(dialog).findByRole('textbox', { name: words.input.label }, LAZY)).toBeVisible();
        // It never read its words' keys as words (i18next answers a missing key with the key).
        expect(quiet.mock.calls.flat().join(' ')).not.toMatch(/missing translation key/);
      } finally {
        quiet.mockRestore();
      }
    },
  );

  it.each(LANGS)('opens from the floating button and closes with the X (%s)', async (language) => {
    const words = ASSISTANT[language];
    const { user } = renderAssistant(language);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();

    const dialog = await openOnPhone(user, language);
    expect(within(dialog).getByText(words.title)).toBeInTheDocument();
    expect(within(dialog).getByText(STATUS[language])).toBeInTheDocument();
    expect(within(dialog).getByText(words.sample.greeting)).toBeInTheDocument();
    expect(within(dialog).getByRole('figure', { name: words.sample.label })).toHaveTextContent(
      words.sample.answer,
    );

    await user.click(within(dialog).getByRole('button', { name: words.close }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: words.open })).toBeInTheDocument();
  });

  it('keeps the conversation when the panel is closed and opened again', async () => {
    const words = ASSISTANT.en;
    const { user } = renderAssistant('en');

    let dialog = await openOnPhone(user, 'en');
    await user.type(
      within(dialog).getByRole('textbox', { name: words.input.label }),
      `${CAPITAL_QUESTION.en}{Enter}`,
    );
    expect(within(dialog).getByText(CAPITAL_QUESTION.en)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: words.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openOnPhone(user, 'en');

    expect(within(dialog).getByText(CAPITAL_QUESTION.en)).toBeInTheDocument();
  });

  it.each(LANGS)('closes the panel, then jumps to the field of an answer (%s)', async (language) => {
    const words = ASSISTANT[language];
    const { user, jumpToField } = renderAssistant(language);

    const dialog = await openOnPhone(user, language);
    await user.type(
      within(dialog).getByRole('textbox', { name: words.input.label }),
      `${CAPITAL_QUESTION[language]}{Enter}`,
    );
    await user.click(
      within(dialog).getByRole('button', {
        name: goToFieldLabel(language, WIZARD[language].fields.shareCapital.title),
      }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(jumpToField).toHaveBeenCalledWith('shareCapital'));
    expect(jumpToField).toHaveBeenCalledTimes(1);
  });
});

import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import enFaq from '../../../locales/en/faq.json';
import enInfo from '../../../locales/en/info.json';
import enKnowledge from '../../../locales/en/knowledge.json';
import frFaq from '../../../locales/fr/faq.json';
import frInfo from '../../../locales/fr/info.json';
import frKnowledge from '../../../locales/fr/knowledge.json';
import roFaq from '../../../locales/ro/faq.json';
import roInfo from '../../../locales/ro/info.json';
import roKnowledge from '../../../locales/ro/knowledge.json';
import helpTopics from '../../../schemas/help.json';
import { MAX_QUESTION_LENGTH } from '@/lib/knowledge/knowledge-index';
import { renderWithProviders } from '@/testing/render';
import { HelpPage } from './help-page';
import { matchesQuery } from './help-search';

/** The landing page's FAQ and the knowledge base, as /help lists them. */
const frItems: Record<string, { question: string; answer: string }> = {
  ...frFaq.items,
  ...frKnowledge.items,
};
const enItems: Record<string, { question: string; answer: string }> = {
  ...enFaq.items,
  ...enKnowledge.items,
};
const roItems: Record<string, { question: string; answer: string }> = {
  ...roFaq.items,
  ...roKnowledge.items,
};

describe('HelpPage', () => {
  it('groups every FAQ entry under its topic, in French', () => {
    renderWithProviders(<HelpPage />, { language: 'fr', route: '/help' });
    expect(screen.getByRole('heading', { level: 1, name: frInfo.help.title })).toBeInTheDocument();
    for (const topic of helpTopics.topics) {
      const section = screen.getByRole('region', { name: frInfo.help.topics[topic.id as 'legalForm'] });
      for (const id of topic.items) {
        const question = frItems[id]?.question ?? `no entry ${id}`;
        expect(within(section).getByRole('button', { name: question })).toBeInTheDocument();
      }
    }
    const shown = screen.getAllByRole('button').length;
    expect(shown).toBe(Object.keys(frItems).length);
  });

  it('opens the entry a link points to (/help#faq-<id>, from the wizard assistant), and only that one', () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    renderWithProviders(<HelpPage />, { language: 'en', route: '/help#faq-onrcFeesRo' });
    const scrolled = scroll.mock.contexts.map((element) => (element as HTMLElement).id);
    scroll.mockRestore();
    const linked = screen.getByRole('button', { name: enItems.onrcFeesRo?.question });
    expect(linked).toHaveAttribute('aria-expanded', 'true');
    const other = screen.getByRole('button', { name: enItems.fees?.question });
    expect(other).toHaveAttribute('aria-expanded', 'false');
    expect(scrolled).toEqual(['faq-onrcFeesRo']);
  });

  it('finds answers by words without accents, opens the best one, and says when nothing matches (Romanian)', async () => {
    const { user } = renderWithProviders(<HelpPage />, { language: 'ro', route: '/help' });
    const search = screen.getByRole('searchbox', { name: roInfo.help.searchLabel });
    await user.type(search, 'caen');
    const found = Object.values(roItems).filter((item) => matchesQuery('caen', item.question, item.answer));
    expect(found.length).toBeGreaterThan(1);
    // The best answers are entries that name CAEN (three at most, the assistant's limit; the others
    // follow as related answers): the first one opens, the others stay closed.
    const best = await screen.findByRole('region', { name: roInfo.help.bestAnswers });
    const answers = within(best).getAllByRole('button');
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(answers.length).toBeLessThanOrEqual(3);
    expect(answers.map((button) => button.getAttribute('aria-expanded'))).toEqual(
      answers.map((_button, position) => String(position === 0)),
    );
    const naming = found.map((item) => item.question);
    for (const answer of answers)
      expect(naming.some((question) => (answer.textContent ?? '').startsWith(question))).toBe(true);
    // Every entry naming CAEN is listed (with any whose ways of asking name it), and counted.
    const listed = questions(roItems);
    expect(listed).toEqual(expect.arrayContaining(naming));
    expect(screen.getByRole('status')).toHaveTextContent(
      roInfo.help.results.replace('{{count}}', String(listed.length)),
    );
    // Each result says its topic.
    expect(within(best).getAllByText(roInfo.help.topics.legalForm).length).toBeGreaterThan(0);

    await user.clear(search);
    await user.type(search, 'xqzzy blorf');
    expect(
      await screen.findByText(roInfo.help.noResults.replace('{{query}}', 'xqzzy blorf')),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    expect(screen.getByRole('link', { name: roInfo.help.contactLink })).toHaveAttribute('href', '/contact');

    // An empty box shows every topic again.
    await user.clear(search);
    expect(await screen.findByRole('region', { name: roInfo.help.topics.legalForm })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('reads words without accents as the assistant does: "sediu acasa" (Romanian)', async () => {
    const { user } = renderWithProviders(<HelpPage />, { language: 'ro', route: '/help' });
    // No entry holds both words: the index reads "acasa" through the entries' other phrasings.
    expect(
      Object.values(roItems).filter((item) => matchesQuery('sediu acasa', item.question, item.answer)),
    ).toEqual([]);
    await ask(user, 'sediu acasa');
    const best = await screen.findByRole('region', { name: roInfo.help.bestAnswers });
    // The first answer is open; the Romanian office at home is among the first, with the French one.
    expect(within(best).getAllByRole('button')[0]).toHaveAttribute('aria-expanded', 'true');
    const shown = questions(roItems);
    expect(shown.slice(0, 3)).toEqual(
      expect.arrayContaining([
        roKnowledge.items.registeredOfficeAtHomeRo.question,
        roKnowledge.items.registeredOfficeAtHomeFr.question,
      ]),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      roInfo.help.results.replace('{{count}}', String(shown.length)),
    );
  });

  it("finds the manager's pay by the founder's words, and a mistyped word (French)", async () => {
    const { user } = renderWithProviders(<HelpPage />, { language: 'fr', route: '/help' });
    // Neither word is in the entry's question ("dirigeant", "payé").
    await ask(user, 'gerant salaire');
    const best = await screen.findByRole('region', { name: frInfo.help.bestAnswers });
    expect(
      within(best).getByRole('button', {
        name: startsWith(frKnowledge.items.managerPaySocialStatusFr.question),
        expanded: true,
      }),
    ).toBeInTheDocument();
    expect(questions(frItems)[0]).toBe(frKnowledge.items.managerPaySocialStatusFr.question);

    // "capitl" is read as "capital": the French minimum capital is among the best answers.
    await ask(user, 'capitl social minimum');
    const capital = await screen.findByRole('button', {
      name: startsWith(frFaq.items.frenchCapital.question),
    });
    expect(capital.closest('section')).toBe(screen.getByRole('region', { name: frInfo.help.bestAnswers }));
  });

  it('answers in English too: "manager pay", then every entry holding both words', async () => {
    const { user } = renderWithProviders(<HelpPage />, { language: 'en', route: '/help' });
    await ask(user, 'manager pay');
    await screen.findByRole('region', { name: enInfo.help.bestAnswers });
    const shown = questions(enItems);
    // /help knows no country: the manager's pay in France or in Romania comes first, then the other.
    const pay = [
      enKnowledge.items.managerPaySocialStatusFr.question,
      enKnowledge.items.administratorPayRo.question,
    ];
    expect(pay).toContain(shown[0]);
    expect(shown.slice(0, 3)).toEqual(expect.arrayContaining(pay));
    const holding = Object.values(enItems).filter((item) =>
      matchesQuery('manager pay', item.question, item.answer),
    );
    expect(holding.length).toBeGreaterThan(0);
    for (const item of holding) expect(shown).toContain(item.question);
    // Listed once each, under the best answers or the others.
    expect(new Set(shown).size).toBe(shown.length);
  });
});

/** Types a whole query at once (pasted), so that no result of a part of it shows. */
async function ask(user: UserEvent, query: string) {
  const search = screen.getByRole('searchbox');
  await user.clear(search);
  await user.click(search);
  await user.paste(query);
}

/** A button's accessible name starting with `text` (a result's name adds its topic). */
const startsWith = (text: string) => (name: string) => name.startsWith(text);

/** The questions listed, in the page's order (a result's text adds its topic to its question). */
function questions(items: Record<string, { question: string }>): string[] {
  const known = Object.values(items).map((item) => item.question);
  return screen.getAllByRole('button').map((button) => {
    const text = button.textContent ?? '';
    return known.find((question) => text.startsWith(question)) ?? text;
  });
}

describe('the search box', () => {
  it('takes no more characters than the assistant reads (a 40,000-character paste froze the tab)', () => {
    renderWithProviders(<HelpPage />);
    expect(screen.getByRole('searchbox')).toHaveAttribute('maxlength', '500');
    expect(MAX_QUESTION_LENGTH).toBe(500);
  });
});

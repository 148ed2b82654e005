import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import frFaq from '../../../locales/fr/faq.json';
import frInfo from '../../../locales/fr/info.json';
import frKnowledge from '../../../locales/fr/knowledge.json';
import roFaq from '../../../locales/ro/faq.json';
import roInfo from '../../../locales/ro/info.json';
import roKnowledge from '../../../locales/ro/knowledge.json';
import helpTopics from '../../../schemas/help.json';
import { renderWithProviders } from '@/testing/render';
import { HelpPage } from './help-page';
import { foldText, matchesQuery } from './help-search';

describe('matchesQuery', () => {
  it('ignores case and accents and needs every word', () => {
    expect(foldText('Société  ȘTEFAN, gérant !')).toBe('societe stefan gerant');
    expect(matchesQuery('gerant', 'Qui est le gérant ?')).toBe(true);
    expect(matchesQuery('capital soc', 'Le capital social minimum')).toBe(true);
    expect(matchesQuery('capital president', 'Le capital social minimum')).toBe(false);
    expect(matchesQuery('   ', 'anything')).toBe(true);
  });
});

/** The landing page's FAQ and the knowledge base, as /help lists them. */
const frItems: Record<string, { question: string; answer: string }> = {
  ...frFaq.items,
  ...frKnowledge.items,
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

  it('finds answers by words without accents, opens them, and says when nothing matches (Romanian)', async () => {
    const { user } = renderWithProviders(<HelpPage />, { language: 'ro', route: '/help' });
    const search = screen.getByRole('searchbox', { name: roInfo.help.searchLabel });
    await user.type(search, 'caen');
    const caen = roFaq.items.caenCodes;
    const found = Object.values(roItems).filter((item) => matchesQuery('caen', item.question, item.answer));
    expect(found.length).toBeGreaterThan(1);
    expect(found.length).toBeLessThanOrEqual(3);
    // A few answers found: each opens.
    expect(await screen.findByRole('button', { name: caen.question, expanded: true })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      roInfo.help.results.replace('{{count}}', String(found.length)),
    );
    await user.clear(search);
    await user.type(search, 'zzzz');
    expect(await screen.findByText(roInfo.help.noResults.replace('{{query}}', 'zzzz'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: roInfo.help.contactLink })).toHaveAttribute('href', '/contact');
  });
});

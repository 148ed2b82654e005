import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as KnowledgeIndex from '@/lib/knowledge/knowledge-index';
import roInfo from '../../../locales/ro/info.json';
import { renderWithProviders } from '@/testing/render';
import { HelpPage } from './help-page';

/** How many search indexes the page built. */
const built = vi.hoisted(() => ({ count: 0 }));

vi.mock('@/lib/knowledge/knowledge-index', async (importOriginal) => {
  const actual = await importOriginal<typeof KnowledgeIndex>();
  return {
    ...actual,
    createKnowledgeIndex: (...args: Parameters<typeof actual.createKnowledgeIndex>) => {
      built.count += 1;
      return actual.createKnowledgeIndex(...args);
    },
  };
});

describe('HelpPage search index', () => {
  it('is built once per language, not at each keystroke', async () => {
    const { user, i18n } = renderWithProviders(<HelpPage />, { language: 'fr', route: '/help' });
    expect(built.count).toBe(1);
    await user.type(screen.getByRole('searchbox'), 'capital social minimum');
    expect(built.count).toBe(1);
    await act(() => i18n.changeLanguage('ro'));
    expect(screen.getByRole('searchbox', { name: roInfo.help.searchLabel })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), ' srl');
    expect(built.count).toBe(2);
  });
});

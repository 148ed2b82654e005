import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { LanguageSwitcher } from './language-switcher';

// The app's own i18n instance, initialized as main.tsx does: its 'languageChanged' listener
// is what stores the choice and sets <html lang>.
beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadLanguages(['en', 'ro']);
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage('fr'));
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  document.documentElement.lang = '';
});

function renderSwitcher() {
  return renderWithProviders(<LanguageSwitcher />, { i18n });
}

const switcherButton = () =>
  screen.getByRole('button', { name: /Changer de langue|Change language|Schimbați limba/ });

async function openMenu() {
  const view = renderSwitcher();
  await view.user.click(switcherButton());
  const menu = screen.getByRole('menu');
  const items = within(menu).getAllByRole('menuitemradio');
  await waitFor(() =>
    expect(items.find((item) => item.getAttribute('aria-checked') === 'true')).toHaveFocus(),
  );
  return { ...view, menu, items };
}

const item = (name: string) => screen.getByRole('menuitemradio', { name });

describe('LanguageSwitcher', () => {
  it('is a closed menu button showing the current language', () => {
    renderSwitcher();
    const button = screen.getByRole('button', { name: 'Langue : Français. Changer de langue' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('FR');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens a menu of the three languages, named in their own language, the current one checked', async () => {
    const { menu, items } = await openMenu();

    expect(menu).toHaveAccessibleName('Langue');
    expect(switcherButton()).toHaveAttribute('aria-expanded', 'true');
    expect(switcherButton()).toHaveAttribute('aria-controls', menu.id);
    expect(items.map((entry) => entry.textContent)).toEqual(['Français', 'English', 'Română']);
    expect(items.map((entry) => entry.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);
    expect(item('Français')).toHaveFocus();
  });

  it('switches to English when English is chosen, and remembers it', async () => {
    const { user } = await openMenu();

    await user.click(item('English'));

    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Language: English. Change language' });
    expect(button).toHaveTextContent('EN');
    expect(button).toHaveFocus();

    await user.click(button);
    expect(item('English')).toHaveAttribute('aria-checked', 'true');
    expect(item('Français')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('menu')).toHaveAccessibleName('Language');
  });

  it('switches to Romanian from the keyboard', async () => {
    const { user } = await openMenu();

    await user.keyboard('{End}{Enter}');

    expect(i18n.language).toBe('ro');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ro');
    expect(document.documentElement.lang).toBe('ro');
    expect(screen.getByRole('button', { name: 'Limbă: Română. Schimbați limba' })).toHaveFocus();
  });

  it('just closes when the current language is chosen', async () => {
    const { user } = await openMenu();

    await user.click(item('Français'));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(i18n.language).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user } = await openMenu();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(switcherButton()).toHaveAttribute('aria-expanded', 'false');
    expect(switcherButton()).toHaveFocus();
    expect(i18n.language).toBe('fr');
  });

  it('closes when the button is pressed again', async () => {
    const { user } = await openMenu();
    await user.click(switcherButton());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a press outside', async () => {
    const { user } = await openMenu();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes when Tab moves focus away', async () => {
    const { user } = await openMenu();
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('moves focus with the arrow keys, wrapping at both ends', async () => {
    const { user } = await openMenu();

    await user.keyboard('{ArrowDown}');
    expect(item('English')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Română')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Français')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Română')).toHaveFocus();
  });

  it('moves focus to the first and last items with Home and End', async () => {
    const { user } = await openMenu();

    await user.keyboard('{End}');
    expect(item('Română')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Français')).toHaveFocus();
  });

  it('moves focus to the language whose name starts with the typed letter', async () => {
    const { user } = await openMenu();

    await user.keyboard('r');
    expect(item('Română')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Français')).toHaveFocus();
  });

  it('finds a language by several letters typed quickly, and ignores letters nothing starts with', async () => {
    const { user } = await openMenu();

    await user.keyboard('ro');
    expect(item('Română')).toHaveFocus();
    await user.keyboard('{Home}x');
    expect(item('Français')).toHaveFocus();
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('moves focus to English on "e"', async () => {
    const { user } = await openMenu();
    await user.keyboard('e');
    expect(item('English')).toHaveFocus();
  });

  it('opens from the keyboard on ArrowDown with the current language focused', async () => {
    const { user } = renderSwitcher();
    switcherButton().focus();

    await user.keyboard('{ArrowDown}');

    await waitFor(() => expect(item('Français')).toHaveFocus());
  });

  it('opens from the keyboard on ArrowUp with the last language focused', async () => {
    const { user } = renderSwitcher();
    switcherButton().focus();

    await user.keyboard('{ArrowUp}');

    await waitFor(() => expect(item('Română')).toHaveFocus());
  });

  it('shows the language of the interface when it starts in Romanian', async () => {
    await act(() => i18n.changeLanguage('ro'));
    renderSwitcher();

    const button = screen.getByRole('button', { name: 'Limbă: Română. Schimbați limba' });
    expect(button).toHaveTextContent('RO');
  });
});

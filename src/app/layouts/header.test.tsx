import { act, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/common.json';
import fr from '../../../locales/fr/common.json';
import ro from '../../../locales/ro/common.json';
import type { Language } from '@/lib/i18n/languages';
import { ACCESS_TOKEN_STORAGE_KEY, accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { Header } from './header';

const WORDS = { fr, en, ro } satisfies Record<Language, typeof en>;
const LANGS = Object.keys(WORDS) as Language[];

const camilleToken = () =>
  unsignedJwt({ sub: 'user-1', firstname: 'Camille', products: [], exp: epochSeconds(3600) });

function renderHeader({
  language = 'fr',
  route = '/',
  token = null,
}: { language?: Language; route?: string; token?: string | null } = {}) {
  const store = createStore();
  if (token) store.set(accessTokenAtom, token);
  return renderWithProviders(<Header />, { language, route, store });
}

/** The desktop navigation bar (the mobile one exists only while the burger menu is open). */
const desktopNav = (language: Language = 'fr') =>
  screen.getByRole('navigation', { name: WORDS[language].nav.label });

function mobilePanel(language: Language = 'fr'): HTMLElement {
  const burger = screen.getByRole('button', { name: WORDS[language].nav.closeMenu });
  const id = burger.getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error('the burger controls no panel');
  return panel;
}

describe('Header account actions', () => {
  it('reads Log In and Get Started in English, as the spec names them', () => {
    renderHeader({ language: 'en' });
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  it('reads Se connecter and Commencer in French', () => {
    renderHeader({ language: 'fr' });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Commencer' })).toBeInTheDocument();
  });

  describe.each(LANGS)('in %s', (language) => {
    const words = WORDS[language];

    it('offers Log In and Get Started when logged out', () => {
      renderHeader({ language });

      expect(screen.getByRole('link', { name: words.account.login })).toHaveAttribute('href', '/login');
      expect(screen.getByRole('link', { name: words.account.getStarted })).toHaveAttribute('href', '/signup');
      expect(screen.queryByRole('link', { name: words.account.logout })).not.toBeInTheDocument();
    });

    it('shows the first name, linking to the profile, and Log Out when logged in', () => {
      renderHeader({ language, token: camilleToken() });

      expect(screen.getByRole('link', { name: 'Camille' })).toHaveAttribute('href', '/user-profile');
      expect(screen.getByRole('link', { name: words.account.logout })).toHaveAttribute('href', '/logout');
      expect(screen.queryByRole('link', { name: words.account.login })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: words.account.getStarted })).not.toBeInTheDocument();
    });

    it('names the six navigation links in the language, without the dashboard for a visitor', () => {
      renderHeader({ language });

      const links = within(desktopNav(language)).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        [words.nav.home, '/'],
        [words.nav.services, '/services'],
        [words.nav.plans, '/plans'],
        [words.nav.wizard, '/ai-powered-form'],
        [words.nav.documents, '/documents'],
        [words.nav.createWebsite, '/create-your-website'],
      ]);
    });

    it('shows a logged-in founder their dashboard where a visitor sees Home', async () => {
      const { user } = renderHeader({ language, token: camilleToken() });

      const links = within(desktopNav(language)).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        [words.nav.dashboard, '/dashboard'],
        [words.nav.services, '/services'],
        [words.nav.plans, '/plans'],
        [words.nav.wizard, '/ai-powered-form'],
        [words.nav.documents, '/documents'],
        [words.nav.createWebsite, '/create-your-website'],
      ]);
      await user.click(screen.getByRole('button', { name: words.nav.openMenu }));
      expect(within(mobilePanel(language)).getByRole('link', { name: words.nav.dashboard })).toHaveAttribute(
        'href',
        '/dashboard',
      );
    });

    it('opens and closes the mobile menu with the burger', async () => {
      const { user } = renderHeader({ language });
      const burger = screen.getByRole('button', { name: words.nav.openMenu });
      expect(burger).toHaveAttribute('aria-expanded', 'false');

      await user.click(burger);
      expect(burger).toHaveAttribute('aria-expanded', 'true');
      expect(burger).toHaveAccessibleName(words.nav.closeMenu);
      expect(within(mobilePanel(language)).getByRole('link', { name: words.account.login })).toBeVisible();

      await user.click(burger);
      expect(burger).toHaveAttribute('aria-expanded', 'false');
      expect(burger).toHaveAccessibleName(words.nav.openMenu);
      expect(burger).not.toHaveAttribute('aria-controls');
    });
  });

  it('falls back to "My profile" for a user without a first name', () => {
    renderHeader({ language: 'en', token: unsignedJwt({ sub: 'user-1', exp: epochSeconds(3600) }) });
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/user-profile');
  });

  it('follows a login and a logout that happen while it is shown', () => {
    const { store } = renderHeader({ language: 'en' });
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();

    act(() => store.set(accessTokenAtom, camilleToken()));
    expect(screen.getByRole('link', { name: 'Camille' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();

    act(() => store.set(accessTokenAtom, null));
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });
});

describe('Header navigation', () => {
  it.each([
    ['/services', fr.nav.services],
    ['/plans', fr.nav.plans],
    ['/ai-powered-form', fr.nav.wizard],
    ['/documents', fr.nav.documents],
    ['/create-your-website', fr.nav.createWebsite],
    ['/', fr.nav.home],
    ['/dashboard', fr.nav.dashboard],
  ])('marks the link of %s as the current page, and only it', (route, label) => {
    renderHeader({ route, token: route === '/dashboard' ? camilleToken() : null });

    const links = within(desktopNav()).getAllByRole('link');
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent(label);
  });

  it('marks Home ("/") as current on /home too', () => {
    renderHeader({ route: '/home' });
    expect(within(desktopNav()).getByRole('link', { name: fr.nav.home })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('marks no link on a page outside the navigation', () => {
    renderHeader({ route: '/faq' });
    const links = within(desktopNav()).getAllByRole('link');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);
  });

  it('has a logo link back to the landing page', () => {
    renderHeader({ route: '/services' });
    expect(screen.getByRole('link', { name: fr.brand.homeLink })).toHaveAttribute('href', '/');
  });
});

describe('Header mobile menu', () => {
  it('holds the same navigation, language switcher and account actions', async () => {
    const { user } = renderHeader({ route: '/plans', token: camilleToken() });
    await user.click(screen.getByRole('button', { name: fr.nav.openMenu }));

    const panel = within(mobilePanel());
    const nav = within(panel.getByRole('navigation', { name: fr.nav.label }));
    // Six, the dashboard in the place of Home.
    expect(nav.getAllByRole('link')).toHaveLength(6);
    expect(nav.getByRole('link', { name: fr.nav.dashboard })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('link', { name: fr.nav.plans })).toHaveAttribute('aria-current', 'page');
    expect(panel.getByRole('button', { name: /Français/ })).toHaveAttribute('aria-haspopup', 'menu');
    expect(panel.getByRole('link', { name: 'Camille' })).toHaveAttribute('href', '/user-profile');
    expect(panel.getByRole('link', { name: fr.account.logout })).toHaveAttribute('href', '/logout');
  });

  it('closes when one of its links is followed', async () => {
    const { user } = renderHeader({ route: '/' });
    const burger = screen.getByRole('button', { name: fr.nav.openMenu });
    await user.click(burger);

    await user.click(within(mobilePanel()).getByRole('link', { name: fr.nav.services }));

    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation', { name: fr.nav.label })).toHaveLength(1);
    expect(within(desktopNav()).getByRole('link', { name: fr.nav.services })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('Header on the payment return pages', () => {
  it.each(['/success', '/cancel'])('re-reads the stored token 300 ms after %s opens', async (route) => {
    vi.useFakeTimers();
    try {
      sessionStore.set(accessTokenAtom, camilleToken());
      renderWithProviders(<Header />, { language: 'en', route, store: sessionStore });
      expect(screen.getByRole('link', { name: 'Camille' })).toBeInTheDocument();
      // The payment flow stored a newer token (e.g. with a new first name) behind the header's back.
      window.sessionStorage.setItem(
        ACCESS_TOKEN_STORAGE_KEY,
        unsignedJwt({
          sub: 'user-1',
          firstname: 'Camila',
          products: ['LEGAL_STATUSES'],
          exp: epochSeconds(3600),
        }),
      );
      await act(() => vi.advanceTimersByTimeAsync(299));
      expect(screen.queryByRole('link', { name: 'Camila' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('link', { name: 'Camila' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      endSession();
    }
  });
});

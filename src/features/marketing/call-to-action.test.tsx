import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { CallToAction } from './landing-page';

function renderButtons() {
  return renderWithProviders(<CallToAction primaryLabel="Create my company" secondaryLabel="Log in" />, {
    route: '/faq',
    i18n: createTestI18n('en'),
    store: sessionStore,
  });
}

// The store is the app's own, shared by the test files of this project: start and end logged out.
beforeEach(() => endSession());
afterEach(() => endSession());

describe('CallToAction', () => {
  it('offers a visitor the sign-up and the login', () => {
    renderButtons();
    expect(screen.getByRole('link', { name: 'Create my company' })).toHaveAttribute('href', paths.signup);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', paths.login);
  });

  it('sends a signed-in founder to the company form, and offers no login', () => {
    sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
    renderButtons();
    expect(screen.getByRole('link', { name: 'Create my company' })).toHaveAttribute('href', paths.wizard);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});

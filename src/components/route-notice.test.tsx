import { screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import enCommon from '../../locales/en/common.json';
import frCommon from '../../locales/fr/common.json';
import roCommon from '../../locales/ro/common.json';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { RouteNotice } from './route-notice';

const COMMON = { fr: frCommon, en: enCommon, ro: roCommon } satisfies Record<Language, typeof frCommon>;

/** A page that leaves `state` for the home page, the way the profile page does after a deletion. */
function Leaving({ state }: { state: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/?from=profile', { replace: true, state });
  }, [navigate, state]);
  return null;
}

/** The address and navigation state of the current history entry, as text. */
function LocationProbe() {
  const { pathname, search, state } = useLocation();
  return (
    <>
      <pre data-testid="address">{`${pathname}${search}`}</pre>
      <pre data-testid="state">{JSON.stringify(state)}</pre>
    </>
  );
}

function renderHome(language: Language, state: unknown) {
  return renderWithProviders(
    <Routes>
      <Route path="/leaving" element={<Leaving state={state} />} />
      <Route
        path="/"
        element={
          <>
            <RouteNotice />
            <h1>Home</h1>
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { language, route: '/leaving' },
  );
}

describe.each(['fr', 'ro', 'en'] as const)('RouteNotice in %s', (language) => {
  const words = COMMON[language].notices;

  it('shows the notice left by the previous page once, then takes it out of the history entry', async () => {
    const { user } = renderHome(language, { notice: 'accountDeleted' });

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(words.accountDeleted);
    // Taken out of the entry (a reload says nothing), the address kept as it was.
    expect(screen.getByTestId('state')).toHaveTextContent('null');
    expect(screen.getByTestId('address')).toHaveTextContent('/?from=profile');

    await user.click(within(notice).getByRole('button', { name: words.dismiss }));
    expect(screen.queryByText(words.accountDeleted)).not.toBeInTheDocument();
  });

  it.each([
    ['no state', null],
    ['an unknown notice', { notice: 'somethingElse' }],
  ])('says nothing for %s', async (_case, state) => {
    renderHome(language, state);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent(JSON.stringify(state));
  });
});

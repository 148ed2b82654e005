import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { accessTokenAtom, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { InvitationPage } from './invitation-page';
import type { InvitationInfo } from './team-api';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF';
const FILE_ID = '4f1c2a7e-0000-4000-8000-000000000001';

const INVITATION: InvitationInfo = {
  state: 'pending',
  company: 'Boulangerie Dupont',
  inviter: 'Camille Dupont',
  personName: 'Alex Martin',
  language: 'fr',
  email: 'alex@example.com',
};

let invitation: InvitationInfo | null;
let post: ReturnType<typeof vi.fn>;

beforeEach(() => {
  invitation = INVITATION;
  vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    if (path !== '/api/invitations/{token}') throw new Error(`unexpected GET ${path}`);
    if (!invitation) throw new ApiError('Network response was not ok Not Found', 'http', 404, {});
    return { data: invitation, response: new Response() };
  }) as never);
  post = vi.fn();
  vi.spyOn(apiClient, 'POST').mockImplementation(post as never);
});

function renderInvitation(language: Language, loggedIn: boolean) {
  if (loggedIn)
    sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-2', products: [], exp: epochSeconds(600) }));
  const i18n = createTestI18n(language);
  const view = renderWithProviders(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationPage />} />
      <Route path="/shared/:fileId" element={<p>shared file page</p>} />
      <Route path="/signup" element={<SignupProbe />} />
    </Routes>,
    { route: `/invitations/${TOKEN}`, i18n, store: sessionStore },
  );
  return {
    ...view,
    t: (key: string, params?: Record<string, unknown>) => String(i18n.t(key as never, params as never)),
  };
}

/** The sign-up page, as far as the test needs: where it was sent, with the address prefilled. */
function SignupProbe() {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  return query.get('email') === INVITATION.email && query.get('redirect') === `/invitations/${TOKEN}` ? (
    <p>signup page</p>
  ) : (
    <p>wrong signup link</p>
  );
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

describe.each(LANGUAGES)('/invitations/:token in %s', (language) => {
  it('says who invites to which company as whom, and offers sign-up with the address or login', async () => {
    const { t } = renderInvitation(language, false);
    const body = await screen.findByText(
      plain(
        t('cofounders:invitation.body', {
          inviter: 'Camille Dupont',
          company: 'Boulangerie Dupont',
          person: 'Alex Martin',
        }),
      ),
    );
    expect(body).toBeInTheDocument();
    const signup = screen.getByRole('link', { name: t('cofounders:invitation.signup') });
    const href = new URL(signup.getAttribute('href') ?? '', 'https://kreo.invalid');
    expect(href.pathname).toBe('/signup');
    expect(href.searchParams.get('redirect')).toBe(`/invitations/${TOKEN}`);
    expect(href.searchParams.get('email')).toBe('alex@example.com');
    expect(screen.getByRole('link', { name: t('cofounders:invitation.login') })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/invitations/${TOKEN}`)}`,
    );
    expect(screen.queryByRole('button', { name: t('cofounders:invitation.join') })).toBeNull();
  });

  it('says plainly that an invitation expired or was revoked, and offers nothing to click', async () => {
    invitation = { ...INVITATION, state: 'expired' };
    const { t, unmount } = renderInvitation(language, true);
    expect(await screen.findByText(t('cofounders:invitation.states.expired.title'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('cofounders:invitation.join') })).toBeNull();
    unmount();

    invitation = { ...INVITATION, state: 'revoked' };
    renderInvitation(language, false);
    expect(await screen.findByText(t('cofounders:invitation.states.revoked.title'))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t('cofounders:invitation.signup') })).toBeNull();
  });
});

describe('/invitations/:token', () => {
  it('joins the file once logged in, and goes on to it', async () => {
    const { t, user } = renderInvitation('fr', true);
    post.mockResolvedValueOnce({
      data: {
        fileId: FILE_ID,
        role: 'coFounder',
        personId: 'p2',
        company: 'Boulangerie Dupont',
        founder: 'Camille Dupont',
        jurisdiction: 'FR',
        legalForm: 'SAS',
      },
      response: new Response(),
    });
    await user.click(await screen.findByRole('button', { name: t('cofounders:invitation.join') }));
    expect(post).toHaveBeenCalledWith('/api/invitations/{token}/accept', {
      params: { path: { token: TOKEN } },
    });
    expect(await screen.findByText('shared file page')).toBeInTheDocument();
  });

  it.each(['INVITATION_EXPIRED', 'INVITATION_REVOKED', 'INVITATION_USED', 'OWN_FILE', 'ALREADY_MEMBER'])(
    'says why joining was refused (%s)',
    async (code) => {
      const { t, user } = renderInvitation('ro', true);
      post.mockRejectedValueOnce(new ApiError('Conflict', 'http', 409, { message: 'Conflict', code }));
      await user.click(await screen.findByRole('button', { name: t('cofounders:invitation.join') }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        plain(t(`cofounders:errors.${code}`, { inviter: 'Camille Dupont' })),
      );
    },
  );

  it('to an account of another address: names the invited one, logs out and prefills the sign-up', async () => {
    const { t, user } = renderInvitation('fr', true);
    post.mockRejectedValueOnce(
      new ApiError('Conflict', 'http', 409, { message: 'Conflict', code: 'INVITATION_OTHER_ADDRESS' }),
    );
    await user.click(await screen.findByRole('button', { name: t('cofounders:invitation.join') }));
    const alert = await screen.findByRole('alert');
    expect(plain(alert.textContent)).toContain(
      plain(
        t('cofounders:invitation.otherAddress.body', { email: INVITATION.email, inviter: 'Camille Dupont' }),
      ),
    );
    expect(screen.queryByRole('button', { name: t('cofounders:invitation.join') })).toBeNull();
    post.mockResolvedValueOnce({ data: undefined, response: new Response() });
    await user.click(
      screen.getByRole('button', {
        name: t('cofounders:invitation.otherAddress.signup', { email: INVITATION.email }),
      }),
    );
    expect(post).toHaveBeenLastCalledWith('/api/auth/logout');
    expect(await screen.findByText('signup page')).toBeInTheDocument();
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
  });

  it('says an unknown link is unknown', async () => {
    invitation = null;
    const { t } = renderInvitation('en', false);
    expect(await screen.findByRole('alert')).toHaveTextContent(t('cofounders:invitation.unknown'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { completeCompanyFile } from '../../../tests/fixtures/company-file';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { accessTokenAtom, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import type { FileActList, FileMember, SharedFile } from './team-api';
import { TeamPage } from './team-page';

const NOT_INVITED: FileMember = {
  personId: 'p2',
  name: 'Alex Martin',
  roles: ['associate', 'manager'],
  state: 'notInvited',
  recordComplete: false,
  acts: [],
  signed: [],
};
const INVITED: FileMember = {
  personId: 'p3',
  name: 'Ioana Popescu',
  roles: ['associate'],
  state: 'invited',
  email: 'ioana@example.ro',
  language: 'ro',
  invitedAt: '2026-11-20T10:00:00.000Z',
  lastSentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  recordComplete: true,
  acts: [{ personId: 'p3', act: 'approveFile', state: 'missing' }],
  signed: [],
};
const JOINED: FileMember = {
  personId: 'p4',
  name: 'Sam Leroy',
  roles: ['directorGeneral'],
  state: 'joined',
  email: 'sam@example.fr',
  language: 'fr',
  joinedAt: '2026-11-21T10:00:00.000Z',
  recordComplete: true,
  acts: [{ personId: 'p4', act: 'acceptAppointment', state: 'given', givenAt: '2026-11-22T10:00:00.000Z' }],
  signed: ['d1', 'd2'],
};

let members: FileMember[];
let ownFile: SharedFile | null = null;
let post: ReturnType<typeof vi.fn>;
let del: ReturnType<typeof vi.fn>;

beforeEach(() => {
  members = [NOT_INVITED, INVITED, JOINED];
  ownFile = null;
  vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    if (path === '/api/company-file/members') return { data: { members }, response: new Response() };
    // The founder's own file: none yet in these tests (the acts section stays away).
    if (path === '/api/company-files/{fileId}') {
      if (ownFile) return { data: ownFile, response: new Response() };
      throw new ApiError('Network response was not ok Not Found', 'http', 404, {});
    }
    if (path === '/api/company-files/{fileId}/acts') return { data: OWN_ACTS, response: new Response() };
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  post = vi.fn();
  del = vi.fn();
  vi.spyOn(apiClient, 'POST').mockImplementation(post as never);
  vi.spyOn(apiClient, 'DELETE').mockImplementation(del as never);
});

function renderTeam(language: Language) {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
  const i18n = createTestI18n(language);
  const view = renderWithProviders(<TeamPage />, { route: '/team', i18n, store: sessionStore });
  return {
    ...view,
    t: (key: string, params?: Record<string, unknown>) => String(i18n.t(key as never, params as never)),
  };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name matcher that reads spaces as the page shows them. */
const same = (expected: string) => (name: string) => plain(name) === plain(expected);
const labelled = (label: string) => new RegExp(`^${escape(label)}( \\*)?$`);

describe.each(LANGUAGES)('/team in %s', (language) => {
  it('shows each person with roles, state, record, acts and signatures', async () => {
    const { t } = renderTeam(language);
    const alex = await screen.findByRole('article', { name: 'Alex Martin' });
    expect(alex).toHaveTextContent(t('cofounders:roles.associate'));
    expect(alex).toHaveTextContent(t('cofounders:roles.manager'));
    expect(alex).toHaveTextContent(t('cofounders:states.notInvited'));
    expect(alex).toHaveTextContent(t('cofounders:member.recordIncomplete'));
    expect(
      within(alex).getByRole('button', {
        name: t('cofounders:actions.inviteNamed', { name: 'Alex Martin' }),
      }),
    );

    const ioana = screen.getByRole('article', { name: 'Ioana Popescu' });
    expect(ioana).toHaveTextContent(t('cofounders:states.invited'));
    expect(ioana).toHaveTextContent('ioana@example.ro (Română)');
    expect(
      within(ioana).getByRole('button', {
        name: t('cofounders:actions.resendNamed', { name: 'Ioana Popescu' }),
      }),
    );

    const sam = screen.getByRole('article', { name: 'Sam Leroy' });
    expect(sam).toHaveTextContent(t('cofounders:roles.directorGeneral'));
    expect(sam).toHaveTextContent(t('cofounders:states.joined'));
    expect(sam).toHaveTextContent(t('cofounders:member.signedCount', { count: 2 }));
    expect(plain(sam.textContent)).toContain(
      plain(
        t('cofounders:member.actLine', {
          act: t('cofounders:actNames.acceptAppointment'),
          state: t('cofounders:actStates.given'),
        }),
      ),
    );
  });

  it("invites in the founder's language by default, and checks the address in the user's", async () => {
    const { t, user } = renderTeam(language);
    const alex = await screen.findByRole('article', { name: 'Alex Martin' });
    await user.click(
      within(alex).getByRole('button', {
        name: t('cofounders:actions.inviteNamed', { name: 'Alex Martin' }),
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: t('cofounders:invite.title', { name: 'Alex Martin' }),
    });
    const email = within(dialog).getByLabelText(labelled(t('cofounders:invite.fields.email')));
    await user.type(email, 'alex@');
    await user.click(within(dialog).getByRole('button', { name: t('cofounders:invite.submit') }));
    expect(
      await within(dialog).findByText(plain(t('cofounders:invite.errors.emailInvalid'))),
    ).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(email, 'example.com');
    post.mockResolvedValueOnce({
      data: { ...NOT_INVITED, state: 'invited', email: 'alex@example.com', language },
      response: new Response(),
    });
    members = [{ ...NOT_INVITED, state: 'invited', email: 'alex@example.com', language }, INVITED, JOINED];
    await user.click(within(dialog).getByRole('button', { name: t('cofounders:invite.submit') }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company-file/members', {
        body: { personId: 'p2', email: 'alex@example.com', language },
      }),
    );
    expect(
      await within(alex).findByText(t('cofounders:member.invited', { email: 'alex@example.com' })),
    ).toBeInTheDocument();
  });

  it('says plainly when an invitation was sent again too soon', async () => {
    const { t, user } = renderTeam(language);
    const ioana = await screen.findByRole('article', { name: 'Ioana Popescu' });
    post.mockRejectedValueOnce(
      new ApiError('Too Many Requests', 'http', 429, { message: 'Too Many Requests' }),
    );
    await user.click(
      within(ioana).getByRole('button', {
        name: t('cofounders:actions.resendNamed', { name: 'Ioana Popescu' }),
      }),
    );
    expect(await within(ioana).findByRole('alert')).toHaveTextContent(plain(t('cofounders:errors.tooMany')));
  });
});

const OWN_ACTS: FileActList = {
  digest: 'digest-1',
  submitted: true,
  acts: [
    { personId: 'p1', act: 'acceptAppointment', state: 'missing' },
    { personId: 'p2', act: 'approveFile', state: 'missing' },
  ],
};

describe('/team', () => {
  it("shows the founder's own acts on their own file", async () => {
    ownFile = {
      fileId: 'user-1',
      role: 'founder',
      personId: 'p1',
      founder: 'Camille Dupont',
      revision: 2,
      version: 3,
      status: 'submitted',
      submittedAt: '2026-11-20T10:00:00.000Z',
      data: completeCompanyFile(2) as SharedFile['data'],
      submittedData: completeCompanyFile(2) as SharedFile['data'],
    };
    const { t } = renderTeam('fr');
    const acts = await screen.findByRole('region', { name: t('cofounders:acts.title') });
    const act = await within(acts).findByRole('article');
    expect(act).toHaveAttribute('data-act', 'acceptAppointment');
    expect(
      within(act).getByRole('button', { name: t('cofounders:acts.give.acceptAppointment') }),
    ).toBeEnabled();
  });

  it('removes a co-founder only once confirmed', async () => {
    const { t, user } = renderTeam('fr');
    const sam = await screen.findByRole('article', { name: 'Sam Leroy' });
    await user.click(
      within(sam).getByRole('button', { name: t('cofounders:actions.removeNamed', { name: 'Sam Leroy' }) }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: same(t('cofounders:confirm.remove.title', { name: 'Sam Leroy' })),
    });
    await user.click(within(dialog).getByRole('button', { name: t('cofounders:actions.keep') }));
    expect(del).not.toHaveBeenCalled();

    await user.click(
      within(sam).getByRole('button', { name: t('cofounders:actions.removeNamed', { name: 'Sam Leroy' }) }),
    );
    const again = await screen.findByRole('dialog', {
      name: same(t('cofounders:confirm.remove.title', { name: 'Sam Leroy' })),
    });
    del.mockResolvedValueOnce({ response: new Response(null, { status: 204 }) });
    members = [NOT_INVITED, INVITED, { ...JOINED, state: 'revoked' }];
    await user.click(within(again).getByRole('button', { name: t('cofounders:confirm.remove.confirm') }));
    await waitFor(() =>
      expect(del).toHaveBeenCalledWith('/api/company-file/members/{personId}', {
        params: { path: { personId: 'p4' } },
      }),
    );
    expect(await within(sam).findByText(t('cofounders:states.revoked'))).toBeInTheDocument();
  });

  it('says an already-invited person by its code', async () => {
    const { t, user } = renderTeam('en');
    const alex = await screen.findByRole('article', { name: 'Alex Martin' });
    await user.click(
      within(alex).getByRole('button', {
        name: t('cofounders:actions.inviteNamed', { name: 'Alex Martin' }),
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByLabelText(labelled(t('cofounders:invite.fields.email'))),
      'alex@example.com',
    );
    post.mockRejectedValueOnce(
      new ApiError('Conflict', 'http', 409, { message: 'Conflict', code: 'ALREADY_INVITED' }),
    );
    await user.click(within(dialog).getByRole('button', { name: t('cofounders:invite.submit') }));
    expect(await within(dialog).findByText(t('cofounders:errors.ALREADY_INVITED'))).toBeInTheDocument();
  });
});

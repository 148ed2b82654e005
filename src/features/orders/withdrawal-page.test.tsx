import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { formatCents } from '@/lib/invoices/invoices-api';
import { formatParisDate, formatParisDateTime } from '@/lib/orders/order-format';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import type { Order } from './order-words';
import { WithdrawalPage } from './withdrawal-page';

const ORDER: Order = {
  id: 'cs_local_7',
  offerSku: 'PREMIUM_PACKAGE',
  offerName: { fr: 'Offre Premium', en: 'Premium package', ro: 'Pachetul Premium' },
  amountCents: 6000,
  refundedCents: 0,
  currency: 'EUR',
  paidAt: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  consentAt: '2026-11-20T09:59:00.000Z',
  invoiceNumber: 'KR-000007',
  documentsProvided: true,
  withdrawal: {
    state: 'open',
    until: '2026-12-04T22:59:59.000Z',
    refundCents: 3945,
    revokedProductSkus: ['PROFESSIONAL_PROMOTIONAL_WEBSITE'],
    websiteDaysUsed: 7,
    withdrawnAt: null,
  },
};
const WITHDRAWN_AT = '2026-11-27T14:05:00.000Z';

let post: MockInstance;

beforeEach(() => {
  vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    if (path === '/api/orders/{orderId}') return { data: ORDER, response: new Response() };
    if (path === '/api/user/info')
      return {
        data: { firstname: 'Camille', lastname: 'Dupont', email: 'camille@example.com' },
        response: new Response(),
      };
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  post = vi.spyOn(apiClient, 'POST').mockResolvedValue({
    data: {
      orderId: ORDER.id,
      withdrawnAt: WITHDRAWN_AT,
      refundCents: 3945,
      currency: 'EUR',
      creditNoteNumber: 'KR-000008',
      acknowledgementTo: 'camille@example.com',
    },
    response: new Response(),
  } as never);
});

afterEach(() => endSession());

function renderWithdrawal(language: Language) {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
  const i18n = createTestI18n(language);
  const view = renderWithProviders(
    <Routes>
      <Route path="/orders/:orderId/withdraw" element={<WithdrawalPage />} />
    </Routes>,
    { route: `/orders/${ORDER.id}/withdraw`, i18n, store: sessionStore },
  );
  return { ...view, t: i18n.getFixedT(language, 'checkout') };
}

const plain = (value: string | null | undefined) => (value ?? '').replace(/\s/g, ' ');
const page = () => plain(document.body.textContent);
const CONFIRM: Record<Language, string> = {
  fr: 'Confirmer la rétractation',
  en: 'Confirm withdrawal',
  ro: 'Confirmați retragerea',
};

describe.each(LANGUAGES)('the withdrawal declaration in %s', (language) => {
  it('names the order, the founder, the refund and what is taken back; confirming shows the acknowledgement', async () => {
    const { user, t } = renderWithdrawal(language);
    const name = await screen.findByRole('textbox', { name: t('withdrawal.name') });
    expect(name).toHaveValue('Camille Dupont');
    expect(page()).toContain(ORDER.offerName[language]);
    expect(page()).toContain('KR-000007');
    expect(page()).toContain('camille@example.com');
    expect(page()).toContain(plain(formatCents(3945, 'EUR', language)));
    expect(page()).toContain(plain(t('withdrawal.website')));
    expect(page()).not.toContain(plain(t('withdrawal.documents')));

    await user.clear(name);
    await user.type(name, 'Camille Martin');
    await user.click(screen.getByRole('button', { name: CONFIRM[language] }));

    expect(await screen.findByText(plain(t('withdrawal.done.title')))).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/orders/{orderId}/withdrawal', {
      params: { path: { orderId: ORDER.id } },
      body: { name: 'Camille Martin' },
    });
    expect(page()).toContain(
      plain(t('withdrawal.done.at', { date: formatParisDateTime(WITHDRAWN_AT, language) })),
    );
    expect(page()).toContain(plain(t('withdrawal.done.mailed', { email: 'camille@example.com' })));
    expect(page()).toContain('KR-000008');
    expect(screen.queryByRole('button', { name: CONFIRM[language] })).toBeNull();
  });

  it('says the period is over, with its date, when the server refuses (409)', async () => {
    post.mockRejectedValue(
      new ApiError('Period over', 'http', 409, { message: 'Period over', code: 'WITHDRAWAL_PERIOD_OVER' }),
    );
    const { user, t } = renderWithdrawal(language);
    await user.click(await screen.findByRole('button', { name: CONFIRM[language] }));
    expect(plain((await screen.findByRole('alert')).textContent)).toBe(
      plain(
        t('withdrawal.errors.WITHDRAWAL_PERIOD_OVER', {
          date: formatParisDate(ORDER.withdrawal.until, language),
        }),
      ),
    );
    expect(screen.queryByRole('button', { name: CONFIRM[language] })).toBeNull();
  });
});

describe('the withdrawal declaration', () => {
  it('writes the acknowledgement’s time with its time zone', () => {
    expect(formatParisDateTime(WITHDRAWN_AT, 'fr')).toMatch(/27 novembre 2026.*15:05:00.*UTC\+1/);
  });

  it('asks for a name before sending', async () => {
    const { user, t } = renderWithdrawal('en');
    await user.clear(await screen.findByRole('textbox', { name: t('withdrawal.name') }));
    await user.click(screen.getByRole('button', { name: CONFIRM.en }));
    expect(await screen.findByText(t('withdrawal.nameRequired'))).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the acknowledgement to another address when the founder gives one, and checks it first', async () => {
    const { user, t } = renderWithdrawal('fr');
    const address = await screen.findByRole('textbox', { name: new RegExp(t('withdrawal.email')) });
    expect(address).toHaveValue('camille@example.com');
    await user.clear(address);
    await user.type(address, 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: CONFIRM.fr }));
    expect(await screen.findByText(t('withdrawal.emailInvalid'))).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await user.clear(address);
    await user.type(address, 'camille.perso@example.org');
    await user.click(screen.getByRole('button', { name: CONFIRM.fr }));
    expect(await screen.findByText(plain(t('withdrawal.done.title')))).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/orders/{orderId}/withdrawal', {
      params: { path: { orderId: ORDER.id } },
      body: { name: 'Camille Dupont', email: 'camille.perso@example.org' },
    });
  });
});

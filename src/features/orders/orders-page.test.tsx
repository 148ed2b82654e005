import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { formatCents } from '@/lib/invoices/invoices-api';
import { formatParisDate } from '@/lib/orders/order-format';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { createTestI18n, epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import type { Order } from './order-words';
import { OrdersPage } from './orders-page';

const NAMES = {
  STANDARD_PACKAGE: { fr: 'Offre Standard', en: 'Standard package', ro: 'Pachetul Standard' },
  STARTER_PACKAGE: { fr: 'Offre Essentiel', en: 'Essential package', ro: 'Pachetul Esențial' },
};

function order(id: string, withdrawal: Partial<Order['withdrawal']>, overrides: Partial<Order> = {}): Order {
  return {
    id,
    offerSku: 'STANDARD_PACKAGE',
    offerName: NAMES.STANDARD_PACKAGE,
    amountCents: 1000,
    refundedCents: 0,
    currency: 'EUR',
    paidAt: '2026-11-20T10:00:00.000Z',
    status: 'paid',
    consentAt: '2026-11-20T09:59:00.000Z',
    invoiceNumber: `KR-${id}`,
    documentsProvided: false,
    withdrawal: {
      state: 'open',
      until: '2026-12-04T22:59:59.000Z',
      refundCents: 1000,
      revokedProductSkus: ['LEGAL_STATUSES'],
      withdrawnAt: null,
      ...withdrawal,
    },
    ...overrides,
  };
}

const ORDERS: Order[] = [
  order('000003', {}),
  order('000002', { state: 'rightLost', refundCents: 0 }, { documentsProvided: true }),
  order(
    '000001',
    { state: 'periodOver', until: '2026-10-05T21:59:59.000Z' },
    {
      offerSku: 'STARTER_PACKAGE',
      offerName: NAMES.STARTER_PACKAGE,
      amountCents: 100,
      paidAt: '2026-09-20T10:00:00.000Z',
    },
  ),
  order(
    '000000',
    { state: 'withdrawn', refundCents: 1000, withdrawnAt: '2026-09-02T08:30:00.000Z' },
    {
      refundedCents: 1000,
      status: 'refunded',
    },
  ),
];

let orders: Order[] = ORDERS;

beforeEach(() => {
  orders = ORDERS;
  vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    if (path !== '/api/orders') throw new Error(`unexpected GET ${path}`);
    return { data: { orders, plans: [] }, response: new Response() };
  }) as never);
});

afterEach(() => endSession());

function renderOrders(language: Language) {
  sessionStore.set(accessTokenAtom, unsignedJwt({ sub: 'user-1', products: [], exp: epochSeconds(600) }));
  const i18n = createTestI18n(language);
  renderWithProviders(<OrdersPage />, { route: '/orders', i18n, store: sessionStore });
  return { t: i18n.getFixedT(language, 'checkout') };
}

const plain = (value: string | null | undefined) => (value ?? '').replace(/\s/g, ' ');
const WITHDRAW_LABEL: Record<Language, string> = {
  fr: 'Renoncer au contrat ici',
  en: 'Withdraw from the contract here',
  ro: 'Retrageți-vă din contract aici',
};

describe.each(LANGUAGES)('/orders in %s', (language) => {
  it('offers "withdraw here" while the period lasts, with its last day and the refund', async () => {
    const { t } = renderOrders(language);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(4);
    const [open, lost, over, withdrawn] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    const link = within(open).getByRole('link', { name: WITHDRAW_LABEL[language] });
    expect(link).toHaveAttribute('href', '/orders/000003/withdraw');
    expect(plain(open.textContent)).toContain(
      plain(
        t('orders.openUntil', {
          date: formatParisDate('2026-12-04T22:59:59.000Z', language),
          amount: formatCents(1000, 'EUR', language),
        }),
      ),
    );
    expect(open).toHaveTextContent('KR-000003');

    for (const card of [over, withdrawn])
      expect(within(card).queryByRole('link', { name: WITHDRAW_LABEL[language] })).toBeNull();
    // Documents provided at the founder's request: the function stays for the period, refunding nothing.
    expect(within(lost).getByRole('link', { name: WITHDRAW_LABEL[language] })).toHaveAttribute(
      'href',
      '/orders/000002/withdraw',
    );
    expect(plain(lost.textContent)).toContain(
      plain(t('orders.rightLost', { date: formatParisDate('2026-12-04T22:59:59.000Z', language) })),
    );
    expect(plain(over.textContent)).toContain(
      plain(t('orders.periodOver', { date: formatParisDate('2026-10-05T21:59:59.000Z', language) })),
    );
    expect(over).toHaveTextContent(NAMES.STARTER_PACKAGE[language]);
    expect(plain(withdrawn.textContent)).toContain(
      plain(
        t('orders.withdrawn', {
          date: formatParisDate('2026-09-02T08:30:00.000Z', language),
          amount: formatCents(1000, 'EUR', language),
        }),
      ),
    );
    expect(plain(withdrawn.textContent)).toContain(plain(t('orders.refunded')));
  });
});

describe('/orders', () => {
  it('reads the last day of the period in Paris, where it ends', () => {
    // 23:59:59 in Paris is already the next day in Bucharest.
    expect(formatParisDate('2026-12-04T22:59:59.000Z', 'fr')).toBe('4 décembre 2026');
  });

  it('says when there is no order yet', async () => {
    orders = [];
    const { t } = renderOrders('fr');
    expect(await screen.findByText(plain(t('orders.empty')))).toBeInTheDocument();
  });
});

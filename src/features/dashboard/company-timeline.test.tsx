import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Offer } from '@/lib/catalog/catalog';
import { LANGUAGES } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { CompanyTimeline } from './company-timeline';
import type { CompanyFileEvent } from './dashboard-api';
import { timelineEntries } from './timeline-model';

const STANDARD: Offer = {
  sku: 'STANDARD_PACKAGE',
  name: { fr: 'Offre Standard', en: 'Standard package', ro: 'Pachetul Standard' },
  features: { fr: [], en: [], ro: [] },
  plans: [],
  productSkus: [],
};
const event = (kind: CompanyFileEvent['kind'], id: string): CompanyFileEvent => ({
  id,
  kind,
  occurredAt: '2026-11-20T10:00:00.000Z',
  offerSku: 'STANDARD_PACKAGE',
  amountCents: 1000,
  currency: 'EUR',
});

describe.each(LANGUAGES)('the timeline in %s', (language) => {
  it('shows a withdrawal from the contract, with its package', () => {
    const i18n = createTestI18n(language);
    const entries = timelineEntries(
      { jurisdiction: 'FR', submitted: false, events: [event('paid', 'e1'), event('withdrawn', 'e2')] },
      [],
    );
    const { container } = renderWithProviders(<CompanyTimeline entries={entries} offers={[STANDARD]} />, {
      i18n,
    });
    const item = container.querySelector('[data-entry="withdrawn"]');
    expect(item).not.toBeNull();
    expect(item).toHaveTextContent(i18n.t('dashboard:timeline.withdrawn.done'));
    expect(item).toHaveTextContent(STANDARD.name[language]);
    expect(screen.getAllByText(STANDARD.name[language], { exact: false }).length).toBeGreaterThan(0);
  });
});

describe.each(LANGUAGES)('the co-founders and signatures on the timeline in %s', (language) => {
  it('says who joined, who gave which act, and when the signatures were complete or voided', () => {
    const i18n = createTestI18n(language);
    const at = { occurredAt: '2026-11-21T10:00:00.000Z' };
    const entries = timelineEntries(
      {
        jurisdiction: 'FR',
        submitted: true,
        events: [
          { id: 'e1', kind: 'memberJoined', personName: 'Camille Martin', ...at },
          { id: 'e2', kind: 'actGiven', personName: 'Camille Martin', act: 'approveFile', ...at },
          {
            id: 'e3',
            kind: 'documentSigned',
            personName: 'Camille Martin',
            documentSku: 'LEGAL_STATUSES',
            ...at,
          },
          { id: 'e4', kind: 'signingComplete', ...at },
          { id: 'e5', kind: 'signingVoided', ...at },
        ],
      },
      [],
    );
    const { container } = renderWithProviders(<CompanyTimeline entries={entries} offers={[]} />, { i18n });
    const item = (kind: string) => container.querySelector(`[data-entry="${kind}"]`);
    expect(item('memberJoined')).toHaveTextContent(i18n.t('dashboard:timeline.memberJoined.done'));
    expect(item('memberJoined')).toHaveTextContent('Camille Martin');
    expect(item('actGiven')).toHaveTextContent(i18n.t('dashboard:timeline.acts.approveFile'));
    expect(item('documentSigned')).toHaveTextContent(i18n.t('dashboard:timeline.documentSigned.done'));
    expect(item('signingComplete')).toHaveTextContent(i18n.t('dashboard:timeline.signingComplete.done'));
    expect(item('signingVoided')).toHaveTextContent(i18n.t('dashboard:timeline.signingVoided.done'));
  });
});

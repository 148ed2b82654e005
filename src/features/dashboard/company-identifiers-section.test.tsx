import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { CompanyIdentifiersSection } from './company-identifiers-section';
import type { CompanyFileTimeline, CompanyIdentifiersInput, IdentifiersOutcome } from './dashboard-api';

/** A field's accessible name starts with its label (a required one ends with " *"). */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const timelineWith = (identifiers: CompanyFileTimeline['identifiers']): CompanyFileTimeline => ({
  jurisdiction: 'RO',
  submitted: true,
  events: [],
  identifiers,
});

/** The section in its page: the timeline it saves is the one it shows. */
function OnDashboard(props: {
  save: (input: CompanyIdentifiersInput) => Promise<IdentifiersOutcome>;
  onTimeline: (timeline: CompanyFileTimeline) => void;
}) {
  const [timeline, setTimeline] = useState(timelineWith(null));
  return (
    <CompanyIdentifiersSection
      jurisdiction="RO"
      identifiers={timeline.identifiers}
      onTimeline={(next) => {
        props.onTimeline(next);
        setTimeline(next);
      }}
      save={props.save}
    />
  );
}

describe.each(LANGUAGES)('the company numbers in %s', (language) => {
  it('checks a Romanian company’s numbers before sending them, then shows them with a way to correct them', async () => {
    const i18n = createTestI18n(language);
    const t = (key: string): string => i18n.t(`dashboard:identifiers.${key}` as never);
    const save = vi.fn(async (input: CompanyIdentifiersInput): Promise<IdentifiersOutcome> => ({
      status: 'saved',
      timeline: timelineWith({
        country: 'RO',
        tradeRegisterNumber: input.tradeRegisterNumber ?? '',
        cui: (input.cui ?? '').replace(/\s/g, '').toUpperCase(),
      }),
    }));
    const onTimeline = vi.fn();
    renderWithProviders(<OnDashboard onTimeline={onTimeline} save={save} />, { i18n });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: t('title') })).toBeInTheDocument();
    // France's fields are not asked of a Romanian company.
    expect(screen.queryByRole('textbox', { name: label(t('fields.siren.label')) })).toBeNull();
    const register = screen.getByRole('textbox', { name: label(t('fields.tradeRegisterNumber.label')) });
    const cui = screen.getByRole('textbox', { name: label(t('fields.cui.label')) });

    await user.type(register, 'J2026001234005');
    await user.type(cui, '18547291');
    await user.click(screen.getByRole('button', { name: t('save') }));
    expect(await screen.findByText(t('errors.tradeRegisterNumber.checksum'))).toBeInTheDocument();
    expect(screen.getByText(t('errors.cui.checksum'))).toBeInTheDocument();
    expect(register).toHaveFocus();
    expect(save).not.toHaveBeenCalled();

    await user.clear(register);
    await user.type(register, 'J2026001234004');
    await user.clear(cui);
    await user.type(cui, 'ro 18547290');
    await user.click(screen.getByRole('button', { name: t('save') }));
    await waitFor(() => expect(onTimeline).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ tradeRegisterNumber: 'J2026001234004', cui: 'ro 18547290' });
    expect(await screen.findByRole('status')).toHaveTextContent(t('saved'));
    expect(screen.getByRole('link', { name: t('toWebsite') })).toHaveAttribute(
      'href',
      '/create-your-website',
    );
    expect(screen.getByTestId('identifiers-value-cui')).toHaveTextContent('RO18547290');
    await user.click(screen.getByRole('button', { name: t('edit') }));
    expect(screen.getByRole('textbox', { name: label(t('fields.cui.label')) })).toHaveValue('RO18547290');
  });
});

describe('the company numbers, refused by the server', () => {
  it('shows each field the server refused under it, and says when the save failed', async () => {
    const i18n = createTestI18n('fr');
    const save = vi
      .fn<(input: CompanyIdentifiersInput) => Promise<IdentifiersOutcome>>()
      .mockResolvedValueOnce({ status: 'invalid', fields: { siren: 'Refusé par le serveur' } })
      .mockResolvedValueOnce({ status: 'failed' });
    renderWithProviders(
      <CompanyIdentifiersSection jurisdiction="FR" identifiers={null} onTimeline={vi.fn()} save={save} />,
      { i18n },
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /SIREN/ }), '912 345 675');
    await user.type(screen.getByRole('textbox', { name: /greffe/ }), 'Lyon');
    await user.click(screen.getByRole('button', { name: i18n.t('dashboard:identifiers.save') }));
    expect(await screen.findByText('Refusé par le serveur')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: i18n.t('dashboard:identifiers.save') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('dashboard:identifiers.failed'));
  });
});

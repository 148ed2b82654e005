import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n/languages';
import type { WebsiteDomain } from './website-api';
import {
  api,
  callsTo,
  mockWebsiteApi,
  refusal,
  renderWebsite,
  websiteFixture,
  WORDS,
} from './website-testing';

mockWebsiteApi();

const NONE: WebsiteDomain = {
  name: null,
  status: 'none',
  problem: null,
  checkedAt: null,
  records: [],
  url: null,
};
const PENDING: WebsiteDomain = {
  name: 'www.boulangerie-dupont.fr',
  status: 'pending',
  problem: null,
  checkedAt: null,
  url: null,
  records: [
    {
      purpose: 'ownership',
      type: 'TXT',
      name: '_kreo-site.www.boulangerie-dupont.fr',
      value: 'kreo-site-verification=0123456789abcdef0123456789abcdef',
    },
    { purpose: 'pointing', type: 'CNAME', name: 'www.boulangerie-dupont.fr', value: 'sites.kreo.example' },
    { purpose: 'pointing', type: 'A', name: 'www.boulangerie-dupont.fr', value: '192.0.2.10' },
  ],
};

const section = async (title: string) => screen.findByRole('region', { name: title });

describe.each(LANGUAGES)('the own domain in %s', (language) => {
  const words = WORDS[language];

  it('takes a domain, shows the records to create, and says what the check found', async () => {
    api.handlers['GET /api/website'] = () => websiteFixture({ customDomain: NONE });
    api.handlers['POST /api/website/domain'] = () => websiteFixture({ customDomain: PENDING });
    api.handlers['POST /api/website/domain/verify'] = () =>
      websiteFixture({
        customDomain: { ...PENDING, problem: 'txtMissing', checkedAt: '2026-11-28T08:00:00.000Z' },
      });
    renderWebsite(language);
    const card = await section(words.domain.title);
    // Nothing typed: said at the field, nothing sent.
    fireEvent.click(within(card).getByRole('button', { name: words.domain.use }));
    expect(await within(card).findByText(words.domain.errors.required)).toBeInTheDocument();
    expect(callsTo(api.post, '/api/website/domain')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText(words.domain.label, { exact: false }), {
      target: { value: ' www.boulangerie-dupont.fr ' },
    });
    fireEvent.click(within(card).getByRole('button', { name: words.domain.use }));
    expect(await within(card).findByText(words.domain.pending)).toBeInTheDocument();
    expect(callsTo(api.post, '/api/website/domain')[0]).toMatchObject({
      body: { domain: 'www.boulangerie-dupont.fr' },
    });
    const txt = within(card).getByRole('table', { name: words.domain.ownershipCaption });
    expect(txt).toHaveTextContent('_kreo-site.www.boulangerie-dupont.fr');
    expect(txt).toHaveTextContent('kreo-site-verification=0123456789abcdef0123456789abcdef');
    expect(within(card).getByRole('table', { name: words.domain.cnameCaption })).toHaveTextContent(
      'sites.kreo.example',
    );
    expect(within(card).getByRole('table', { name: words.domain.addressCaption })).toHaveTextContent(
      '192.0.2.10',
    );

    fireEvent.click(within(card).getByRole('button', { name: words.domain.verify }));
    const problem = words.domain.problems.txtMissing.replace('{{domain}}', 'www.boulangerie-dupont.fr');
    expect(await within(card).findByText(problem)).toBeInTheDocument();
  });

  it('says in the founder’s words why a domain is refused, and keeps what they typed', async () => {
    api.handlers['GET /api/website'] = () => websiteFixture({ customDomain: NONE });
    api.handlers['POST /api/website/domain'] = () => {
      throw refusal(400, { message: 'refused', code: 'DOMAIN_FORMAT' });
    };
    renderWebsite(language);
    const card = await section(words.domain.title);
    const field = within(card).getByLabelText(words.domain.label, { exact: false });
    fireEvent.change(field, { target: { value: 'ma boulangerie' } });
    fireEvent.click(within(card).getByRole('button', { name: words.domain.use }));
    expect(await within(card).findByText(words.domain.errors.format)).toBeInTheDocument();
    expect(field).toHaveValue('ma boulangerie');
  });

  it('links to the verified domain, and is absent where the server offers none', async () => {
    api.handlers['GET /api/website'] = () =>
      websiteFixture({
        customDomain: { ...PENDING, status: 'verified', url: 'https://www.boulangerie-dupont.fr/' },
      });
    const { unmount } = renderWebsite(language);
    const card = await section(words.domain.title);
    expect(within(card).getByText(words.domain.verified)).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: /https:\/\/www\.boulangerie-dupont\.fr\// }),
    ).toHaveAttribute('href', 'https://www.boulangerie-dupont.fr/');
    expect(within(card).getByText(words.domain.publishFirst)).toBeInTheDocument();
    unmount();

    api.handlers['GET /api/website'] = () => websiteFixture({ customDomain: null });
    renderWebsite(language);
    await screen.findByRole('region', { name: words.publish.title });
    expect(screen.queryByRole('region', { name: words.domain.title })).toBeNull();
  });
});

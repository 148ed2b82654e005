/**
 * What the builder's tests share: a user's website as the server describes it, the API replaced by
 * handlers keyed by "METHOD /path" (any other call fails the test), and the page rendered in a language.
 */
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import enWebsite from '../../../locales/en/website.json';
import frWebsite from '../../../locales/fr/website.json';
import roWebsite from '../../../locales/ro/website.json';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { forgetCatalog, type Offer } from '@/lib/catalog/catalog';
import type { Language } from '@/lib/i18n/languages';
import { forgetSiteInfo } from '@/features/info/use-site-info';
import { EXAMPLE_SITE_INFO } from '@/shared/site-info';
import { renderWithProviders } from '@/testing/render';
import type { Website, WebsiteMessageList } from './website-api';
import { WebsitePage } from './website-page';

export const WORDS = { fr: frWebsite, en: enWebsite, ro: roWebsite } satisfies Record<
  Language,
  typeof frWebsite
>;

/** A new user's site: the server filled the name and the address from the company file. */
export function websiteFixture(overrides: Partial<Website> = {}): Website {
  return {
    content: {
      siteName: 'Boulangerie Dupont',
      languages: ['fr'],
      color: 'navy',
      email: 'contact@boulangerie-dupont.fr',
      phone: '',
      address: '12 rue des Lilas, 75011 Paris',
      country: 'FR',
      legalForm: 'SAS',
      shareCapital: 5000,
      registrationPending: true,
      registrationNumber: '',
      taxId: '',
      vatNumber: '',
      publicationDirector: 'Camille Dupont',
      legalDetails: '',
      texts: { fr: { tagline: '', about: '', services: [], openingHours: '' } },
    },
    defaults: {
      siteName: 'Boulangerie Dupont',
      address: '12 rue des Lilas, 75011 Paris',
      publicationDirector: 'Camille Dupont',
    },
    logo: null,
    slug: null,
    published: null,
    unpublishedChanges: false,
    canPublish: true,
    unreadMessages: 0,
    updatedAt: null,
    customDomain: null,
    ...overrides,
  };
}

export const NO_MESSAGES: WebsiteMessageList = { messages: [], unread: 0 };

/** The catalog: the 50 € package includes the website. */
export const OFFERS: Offer[] = [
  {
    sku: 'PREMIUM_PACKAGE',
    name: { fr: 'Premium', en: 'Premium', ro: 'Premium' },
    features: { fr: [], en: [], ro: [] },
    plans: [
      { sku: 'PREMIUM_ONE_TIME', price: 50, currency: 'EUR', planType: 'ONE_TIME', billingCycle: null },
    ],
    productSkus: ['LEGAL_STATUSES', 'PROFESSIONAL_PROMOTIONAL_WEBSITE'],
  },
];

type Init = { body?: unknown; params?: { query?: Record<string, string>; path?: Record<string, string> } };
type Handler = (init: Init | undefined) => unknown;

/** The current test's API: its handlers (a test may replace any) and the spies that recorded the calls. */
export const api = {
  handlers: {} as Partial<Record<string, Handler>>,
  get: undefined as unknown as MockInstance<typeof apiClient.GET>,
  post: undefined as unknown as MockInstance<typeof apiClient.POST>,
};
let consoleError: MockInstance<typeof console.error>;

function route(method: 'GET' | 'POST') {
  return async (path: string, init?: Init) => {
    const handler = api.handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected call: ${method} ${path}`);
    const data = await handler(init);
    return { data, response: new Response(null, { status: 200 }) };
  };
}

/** An answer the server refuses, as the client's middleware throws it. */
export function refusal(status: number, body: Record<string, unknown>): ApiError {
  return new ApiError(String(body.message ?? status), 'http', status, body);
}

/** The bodies (or options) sent to one path, in order. */
export function callsTo(
  spy: MockInstance<typeof apiClient.GET> | MockInstance<typeof apiClient.POST>,
  path: string,
) {
  return (spy.mock.calls as unknown as [string, Init | undefined][])
    .filter(([called]) => called === path)
    .map(([, init]) => init);
}

/** Installs the API mocks and checks that every word on the page resolved (each test file calls it). */
export function mockWebsiteApi() {
  beforeEach(() => {
    forgetCatalog();
    forgetSiteInfo();
    api.handlers = {
      'GET /api/website': () => websiteFixture(),
      'GET /api/website/messages': () => NO_MESSAGES,
      // The preview's legal notice names the host.
      'GET /api/site/info': () => ({ values: EXAMPLE_SITE_INFO, examples: [] }),
      'POST /api/website/draft': (init) =>
        websiteFixture({ content: (init?.body as { content: Website['content'] }).content }),
      'GET /api/website/slug-availability': (init) => ({
        slug: init?.params?.query?.slug,
        available: true,
        reason: null,
        message: 'Disponible',
      }),
      'GET /api/marketing/offers/list': () => OFFERS,
    };
    api.get = vi.spyOn(apiClient, 'GET').mockImplementation(route('GET') as never);
    api.post = vi.spyOn(apiClient, 'POST').mockImplementation(route('POST') as never);
    consoleError = vi.spyOn(console, 'error');
  });

  afterEach(() => {
    // The site information is kept per module, and the 'app' project's files share modules.
    forgetSiteInfo();
    const missing = consoleError.mock.calls.filter(([message]) => String(message).includes('[i18n]'));
    expect(missing).toEqual([]);
  });
}

export function renderWebsite(language: Language = 'fr') {
  const view = renderWithProviders(<WebsitePage />, { language, route: '/create-your-website' });
  return { ...view, words: WORDS[language] };
}

/** The element at `index`, which the test expects to be there. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A field's label as the form shows it: its title, then an asterisk when it is required. */
export const fieldLabel = (title: string) => new RegExp(`^${escapeRegExp(title)}( \\*)?$`);

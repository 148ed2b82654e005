/** The catalog: schemas/catalog.json seeded into the database and served by listOffers and listProducts. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, offerProducts, offers, plans, products } from '../../server/db/schema';
import {
  CatalogError,
  catalogLists,
  loadCatalog,
  seedCatalog,
  type CatalogFile,
} from '../../server/services/catalog';
import { json, startTestServer, type TestServer, orderBody } from './harness';

interface Offer {
  sku: string;
  name: Record<string, string>;
  features: Record<string, string[]>;
  plans: { sku: string; price: number; currency: string; planType: string; billingCycle: string | null }[];
  productSkus: string[];
}
interface Product {
  sku: string;
  name: Record<string, string>;
  description: Record<string, string>;
}

const LANGUAGES = ['en', 'fr', 'ro'];
const ALL_PRODUCTS = [
  'AI_FORM',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
  'FILING_MANDATE',
  'LEGAL_NOTICE',
  'LEGAL_STATUSES',
  'LIST_OF_BENEFICIARIES',
  'OPERATING_CONDITIONS_DECLARATION',
  'PROFESSIONAL_PROMOTIONAL_WEBSITE',
  'REGISTERED_OFFICE_PROOF',
  'SUBSCRIBERS_LIST',
];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

const offersOf = async (target: TestServer) => {
  const response = await target.request('/api/marketing/offers/list');
  expect(response.statusCode).toBe(200);
  return json<Offer[]>(response);
};
const productsOf = async (target: TestServer) => {
  const response = await target.request('/api/marketing/products/list');
  expect(response.statusCode).toBe(200);
  return json<Product[]>(response);
};

describe('the catalog the build prerenders the public pages with', () => {
  it('is exactly what the API serves, so that hydration and the refresh show the same prices', async () => {
    const lists = catalogLists(await loadCatalog());
    expect(lists.offers).toEqual(await offersOf(server));
    expect(lists.products).toEqual(await productsOf(server));
  });
});

describe('GET /api/marketing/offers/list', () => {
  it('lists the three packages at 1, 10 and 50 euros, without a token', async () => {
    const offers = await offersOf(server);
    expect(offers).toHaveLength(3);
    expect(offers.map((offer) => offer.plans[0]?.price)).toEqual([1, 10, 50]);
    expect(offers.map((offer) => offer.sku)).toContain('STANDARD_PACKAGE');
  });

  it('gives each offer a first ONE_TIME plan in EUR and texts in fr, en and ro', async () => {
    for (const offer of await offersOf(server)) {
      expect(Object.keys(offer).sort()).toEqual(['features', 'name', 'plans', 'productSkus', 'sku']);
      expect(offer.plans.length).toBeGreaterThan(0);
      expect(offer.plans[0]).toMatchObject({ planType: 'ONE_TIME', billingCycle: null, currency: 'EUR' });
      expect(offer.plans[0]?.sku).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(Object.keys(offer.name).sort()).toEqual(LANGUAGES);
      expect(Object.keys(offer.features).sort()).toEqual(LANGUAGES);
      for (const language of LANGUAGES) {
        expect(offer.name[language]).toBeTruthy();
        expect(offer.features[language]?.length).toBeGreaterThan(0);
      }
    }
  });

  it('has the 10 € Standard package unlock the statutes, the certificates, the beneficiaries and the AI form', async () => {
    const standard = (await offersOf(server)).find((offer) => offer.sku === 'STANDARD_PACKAGE');
    expect(standard?.plans[0]).toEqual({
      sku: 'STANDARD_PACKAGE_ONE_TIME',
      price: 10,
      currency: 'EUR',
      planType: 'ONE_TIME',
      billingCycle: null,
    });
    expect([...(standard?.productSkus ?? [])].sort()).toEqual([
      'AI_FORM',
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      'FILING_MANDATE',
      'LEGAL_NOTICE',
      'LEGAL_STATUSES',
      'LIST_OF_BENEFICIARIES',
      'OPERATING_CONDITIONS_DECLARATION',
      'REGISTERED_OFFICE_PROOF',
      'SUBSCRIBERS_LIST',
    ]);
  });

  it('only names products of the product list', async () => {
    const known = new Set((await productsOf(server)).map((product) => product.sku));
    for (const offer of await offersOf(server)) {
      for (const sku of offer.productSkus) expect(known.has(sku), sku).toBe(true);
    }
  });

  it('accepts the ngrok-skip-browser-warning header', async () => {
    const response = await server.request('/api/marketing/offers/list', {
      headers: { 'ngrok-skip-browser-warning': 'true' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/marketing/products/list', () => {
  it('lists the five products, AI_FORM included, named and described in fr, en and ro', async () => {
    const products = await productsOf(server);
    expect(products.map((product) => product.sku).sort()).toEqual(ALL_PRODUCTS);
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual(['description', 'name', 'sku']);
      expect(Object.keys(product.name).sort()).toEqual(LANGUAGES);
      expect(Object.keys(product.description).sort()).toEqual(LANGUAGES);
      for (const language of LANGUAGES) {
        expect(product.name[language]).toBeTruthy();
        expect(product.description[language]).toBeTruthy();
      }
    }
    const aiForm = products.find((product) => product.sku === 'AI_FORM');
    expect(aiForm?.name).toEqual({
      fr: 'Formulaire guidé',
      en: 'Guided form',
      ro: 'Formular ghidat',
    });
  });
});

describe('seedCatalog', () => {
  const countRows = async (target: TestServer) => {
    const count = async (table: typeof products | typeof offers | typeof plans | typeof offerProducts) => {
      const [row] = await target.db.select({ count: sql<number>`count(*)::int` }).from(table);
      return row?.count;
    };
    return {
      products: await count(products),
      offers: await count(offers),
      plans: await count(plans),
      links: await count(offerProducts),
    };
  };

  it('is idempotent: seeding the same catalog again duplicates nothing', async () => {
    const before = await countRows(server);
    const offersBefore = await offersOf(server);
    await seedCatalog(server.db, await loadCatalog());
    await seedCatalog(server.db, await loadCatalog());
    expect(await countRows(server)).toEqual(before);
    expect(before).toEqual({ products: 10, offers: 3, plans: 3, links: 2 + 9 + 10 });
    expect(await offersOf(server)).toEqual(offersBefore);
  });

  describe('after a catalog edit', () => {
    let edited: TestServer;
    let standardSessionId: string;

    beforeAll(async () => {
      edited = await startTestServer();
      // A sale opened before the edit keeps its price and its products.
      const user = await edited.signup();
      const opened = await edited.request('/api/checkout/create-session', {
        token: user.accessToken,
        body: orderBody({ offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' }),
      });
      standardSessionId = new URL(json<{ url: string }>(opened).url).pathname.split('/').at(-1) ?? '';

      const catalog: CatalogFile = structuredClone(await loadCatalog());
      catalog.offers = catalog.offers.filter((offer) => offer.sku !== 'PREMIUM_PACKAGE');
      catalog.products = catalog.products.filter(
        (product) => product.sku !== 'PROFESSIONAL_PROMOTIONAL_WEBSITE',
      );
      const standard = catalog.offers.find((offer) => offer.sku === 'STANDARD_PACKAGE');
      if (!standard?.plans[0]) throw new Error('the catalog has no STANDARD_PACKAGE plan');
      standard.plans[0].price = 12.5;
      standard.name.en = 'Standard (edited)';
      standard.productSkus = standard.productSkus.filter((sku) => sku !== 'AI_FORM');
      await seedCatalog(edited.db, catalog);
    }, 120_000);
    afterAll(() => edited?.close());

    it('serves the new price, name and products', async () => {
      const standard = (await offersOf(edited)).find((offer) => offer.sku === 'STANDARD_PACKAGE');
      expect(standard?.plans[0]?.price).toBe(12.5);
      expect(standard?.name.en).toBe('Standard (edited)');
      expect(standard?.productSkus).not.toContain('AI_FORM');
    });

    it('no longer lists the removed offer and product', async () => {
      const offers = await offersOf(edited);
      expect(offers.map((offer) => offer.sku)).toEqual(['STARTER_PACKAGE', 'STANDARD_PACKAGE']);
      const products = await productsOf(edited);
      expect(products.map((product) => product.sku)).not.toContain('PROFESSIONAL_PROMOTIONAL_WEBSITE');
      expect(products).toHaveLength(9);
    });

    it('no longer sells the removed offer, and sells the edited one at the new price', async () => {
      const user = await edited.signup();
      const removed = await edited.request('/api/checkout/create-session', {
        token: user.accessToken,
        body: orderBody({ offerSku: 'PREMIUM_PACKAGE', planSku: 'PREMIUM_PACKAGE_ONE_TIME' }),
      });
      expect(removed.statusCode).toBe(400);

      const opened = await edited.request('/api/checkout/create-session', {
        token: user.accessToken,
        body: orderBody({ offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' }),
      });
      expect(opened.statusCode).toBe(200);
      const page = await edited.request(new URL(json<{ url: string }>(opened).url).pathname);
      expect(page.body.replace(/[\u00a0\u202f]/g, ' ')).toContain('12,50 €');
    });

    it('does not change a checkout session opened before the edit', async () => {
      const [session] = await edited.db
        .select()
        .from(checkoutSessions)
        .where(sql`${checkoutSessions.id} = ${standardSessionId}`);
      expect(session?.amountCents).toBe(1000);
      expect(session?.productSkus).toContain('AI_FORM');
    });

    it('brings everything back when the original catalog is seeded again', async () => {
      await seedCatalog(edited.db, await loadCatalog());
      expect(await offersOf(edited)).toEqual(await offersOf(server));
      expect(await productsOf(edited)).toEqual(await productsOf(server));
    });
  });
});

describe('loadCatalog', () => {
  let dir: string;
  let original: CatalogFile;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kreo-catalog-'));
    original = await loadCatalog();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Writes a variant of the real catalog and loads it. */
  const loadVariant = async (name: string, edit: (catalog: CatalogFile) => unknown) => {
    const catalog = structuredClone(original);
    const replaced = edit(catalog);
    const file = path.join(dir, `${name}.json`);
    await writeFile(file, typeof replaced === 'string' ? replaced : JSON.stringify(replaced ?? catalog));
    return loadCatalog(file);
  };

  it('reads the real catalog', () => {
    expect(original.offers).toHaveLength(3);
    expect(original.products).toHaveLength(10);
  });

  it('refuses an offer without plans, naming the place and the field', async () => {
    const attempt = loadVariant('no-plans', (catalog) => {
      delete (catalog.offers[1] as Partial<CatalogFile['offers'][number]>).plans;
    });
    await expect(attempt).rejects.toBeInstanceOf(CatalogError);
    await expect(attempt).rejects.toThrow(/\/offers\/1 .*plans/);
  });

  it('refuses an offer unlocking an unknown product, naming both', async () => {
    const attempt = loadVariant('unknown-product', (catalog) => {
      catalog.offers[0]?.productSkus.push('TIME_MACHINE');
    });
    await expect(attempt).rejects.toBeInstanceOf(CatalogError);
    await expect(attempt).rejects.toThrow(
      /offer STARTER_PACKAGE unlocks TIME_MACHINE, which is not in "products"/,
    );
  });

  it('refuses a plan sku used twice', async () => {
    const attempt = loadVariant('duplicate-plan', (catalog) => {
      const plan = catalog.offers[0]?.plans[0];
      if (plan) catalog.offers[1]?.plans.push({ ...plan });
    });
    await expect(attempt).rejects.toThrow(/plan sku STARTER_PACKAGE_ONE_TIME is used twice/);
  });

  it('refuses a ONE_TIME plan with a billing cycle', async () => {
    const attempt = loadVariant('cycle', (catalog) => {
      const plan = catalog.offers[0]?.plans[0];
      if (plan) plan.billingCycle = 'month';
    });
    await expect(attempt).rejects.toBeInstanceOf(CatalogError);
    await expect(attempt).rejects.toThrow(/STARTER_PACKAGE_ONE_TIME/);
  });

  it('refuses a missing translation, naming its place', async () => {
    const attempt = loadVariant('no-ro', (catalog) => {
      delete (catalog.products[2]?.name as Partial<Record<string, string>>).ro;
    });
    await expect(attempt).rejects.toThrow(/\/products\/2\/name .*ro/);
  });

  it('refuses a file that is not JSON, and a file that does not exist', async () => {
    await expect(loadVariant('broken', () => '{"products": [')).rejects.toThrow(/cannot be read as JSON/);
    await expect(loadCatalog(path.join(dir, 'missing.json'))).rejects.toBeInstanceOf(CatalogError);
  });
});

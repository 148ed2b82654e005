/**
 * The catalog is data: schemas/catalog.json, validated against schemas/catalog.schema.json and
 * upserted at every start-up. Offers, plans and products that left the file are deactivated, not
 * deleted, so past purchases keep their meaning.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  offerProducts,
  offers,
  plans,
  products,
  type LocalizedText,
  type LocalizedTextList,
} from '../db/schema';

export interface CatalogFile {
  products: { sku: string; name: LocalizedText; description: LocalizedText }[];
  offers: {
    sku: string;
    name: LocalizedText;
    features: LocalizedTextList;
    productSkus: string[];
    plans: { sku: string; price: number; planType: 'ONE_TIME' | 'RECURRING'; billingCycle: string | null }[];
  }[];
}

const schemasDir = fileURLToPath(new URL('../../schemas/', import.meta.url));

export class CatalogError extends Error {}

/** Reads and checks the catalog file; every problem is named with its place in the file. */
export async function loadCatalog(file = `${schemasDir}catalog.json`): Promise<CatalogFile> {
  const schema = JSON.parse(await readFile(`${schemasDir}catalog.schema.json`, 'utf8')) as object;
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CatalogError(`${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const validate = new Ajv2020({ allErrors: true }).compile<CatalogFile>(schema);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    throw new CatalogError(`${file} is not a valid catalog:\n  - ${problems.join('\n  - ')}`);
  }
  const productSkus = new Set(data.products.map((product) => product.sku));
  const problems: string[] = [];
  const seenPlans = new Set<string>();
  for (const offer of data.offers) {
    for (const sku of offer.productSkus) {
      if (!productSkus.has(sku))
        problems.push(`offer ${offer.sku} unlocks ${sku}, which is not in "products"`);
    }
    for (const plan of offer.plans) {
      if (seenPlans.has(plan.sku)) problems.push(`plan sku ${plan.sku} is used twice`);
      seenPlans.add(plan.sku);
      if ((plan.planType === 'ONE_TIME') !== (plan.billingCycle === null)) {
        problems.push(`plan ${plan.sku}: a ONE_TIME plan has billingCycle null, a RECURRING one has a cycle`);
      }
    }
  }
  if (new Set(data.offers.map((offer) => offer.sku)).size !== data.offers.length)
    problems.push('an offer sku is used twice');
  if (productSkus.size !== data.products.length) problems.push('a product sku is used twice');
  if (problems.length > 0) throw new CatalogError(`${file}:\n  - ${problems.join('\n  - ')}`);
  return data;
}

// The catalog changes only when it is seeded (at start-up): its lists are read once per seeding
// and then served from memory, so the public pages never wait for the database.
const seedings = new WeakMap<Database, number>();
const listCache = new WeakMap<
  Database,
  { seeding: number; offers?: Promise<Offer[]>; products?: Promise<Product[]> }
>();

function cacheFor(db: Database) {
  const seeding = seedings.get(db) ?? 0;
  let entry = listCache.get(db);
  if (!entry || entry.seeding !== seeding) {
    entry = { seeding };
    listCache.set(db, entry);
  }
  return entry;
}

/** Upserts the catalog in one transaction. */
export async function seedCatalog(db: Database, catalog: CatalogFile): Promise<void> {
  try {
    await upsertCatalog(db, catalog);
  } finally {
    seedings.set(db, (seedings.get(db) ?? 0) + 1);
  }
}

async function upsertCatalog(db: Database, catalog: CatalogFile): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, product] of catalog.products.entries()) {
      const values = { ...product, position, active: true };
      await tx.insert(products).values(values).onConflictDoUpdate({ target: products.sku, set: values });
    }
    await tx
      .update(products)
      .set({ active: false })
      .where(
        notInArray(
          products.sku,
          catalog.products.map((product) => product.sku),
        ),
      );

    for (const [position, offer] of catalog.offers.entries()) {
      const values = { sku: offer.sku, name: offer.name, features: offer.features, position, active: true };
      await tx.insert(offers).values(values).onConflictDoUpdate({ target: offers.sku, set: values });
      await tx.delete(offerProducts).where(eq(offerProducts.offerSku, offer.sku));
      await tx
        .insert(offerProducts)
        .values(offer.productSkus.map((productSku) => ({ offerSku: offer.sku, productSku })));
      for (const [planPosition, plan] of offer.plans.entries()) {
        const planValues = {
          sku: plan.sku,
          offerSku: offer.sku,
          priceCents: Math.round(plan.price * 100),
          currency: 'EUR',
          planType: plan.planType,
          billingCycle: plan.billingCycle,
          position: planPosition,
          active: true,
        };
        await tx.insert(plans).values(planValues).onConflictDoUpdate({ target: plans.sku, set: planValues });
      }
    }
    const offerSkus = catalog.offers.map((offer) => offer.sku);
    const planSkus = catalog.offers.flatMap((offer) => offer.plans.map((plan) => plan.sku));
    await tx.update(offers).set({ active: false }).where(notInArray(offers.sku, offerSkus));
    await tx.update(plans).set({ active: false }).where(notInArray(plans.sku, planSkus));
  });
}

type Product = Awaited<ReturnType<typeof readProducts>>[number];
type Offer = Awaited<ReturnType<typeof readOffers>>[number];

export function listProducts(db: Database): Promise<Product[]> {
  const cache = cacheFor(db);
  cache.products ??= readProducts(db).catch((error: unknown) => {
    cache.products = undefined;
    throw error;
  });
  return cache.products;
}

export function listOffers(db: Database): Promise<Offer[]> {
  const cache = cacheFor(db);
  cache.offers ??= readOffers(db).catch((error: unknown) => {
    cache.offers = undefined;
    throw error;
  });
  return cache.offers;
}

async function readProducts(db: Database) {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.position));
  return rows.map(({ sku, name, description }) => ({ sku, name, description }));
}

async function readOffers(db: Database) {
  const offerRows = await db
    .select()
    .from(offers)
    .where(eq(offers.active, true))
    .orderBy(asc(offers.position));
  const skus = offerRows.map((offer) => offer.sku);
  if (skus.length === 0) return [];
  const planRows = await db
    .select()
    .from(plans)
    .where(and(eq(plans.active, true), inArray(plans.offerSku, skus)))
    .orderBy(asc(plans.position));
  const links = await db.select().from(offerProducts).where(inArray(offerProducts.offerSku, skus));
  return offerRows
    .map((offer) => ({
      sku: offer.sku,
      name: offer.name,
      features: offer.features,
      plans: planRows
        .filter((plan) => plan.offerSku === offer.sku)
        .map((plan) => ({
          sku: plan.sku,
          price: plan.priceCents / 100,
          currency: 'EUR' as const,
          planType: plan.planType,
          billingCycle: plan.billingCycle,
        })),
      productSkus: links.filter((link) => link.offerSku === offer.sku).map((link) => link.productSku),
    }))
    .filter((offer) => offer.plans.length > 0);
}

/** The active plan of an active offer, or null: what a checkout may sell. */
export async function findPlan(db: Database, offerSku: string, planSku: string) {
  const [row] = await db
    .select({ plan: plans })
    .from(plans)
    .innerJoin(offers, eq(offers.sku, plans.offerSku))
    .where(
      and(
        eq(plans.sku, planSku),
        eq(plans.offerSku, offerSku),
        eq(plans.active, true),
        eq(offers.active, true),
      ),
    );
  if (!row) return null;
  const productRows = await db
    .select({ sku: offerProducts.productSku })
    .from(offerProducts)
    .where(eq(offerProducts.offerSku, offerSku));
  return { ...row.plan, productSkus: productRows.map((product) => product.sku) };
}

/**
 * The lists the API serves, computed from the file alone (same order, same shapes, inactive parts
 * absent): the build prerenders the public pages with them. A server test keeps both in step.
 */
export function catalogLists(catalog: CatalogFile): { offers: Offer[]; products: Product[] } {
  return {
    products: catalog.products.map(({ sku, name, description }) => ({ sku, name, description })),
    offers: catalog.offers
      .map((offer) => ({
        sku: offer.sku,
        name: offer.name,
        features: offer.features,
        plans: offer.plans.map((plan) => ({
          sku: plan.sku,
          price: Math.round(plan.price * 100) / 100,
          currency: 'EUR' as const,
          planType: plan.planType,
          billingCycle: plan.billingCycle,
        })),
        productSkus: offer.productSkus,
      }))
      .filter((offer) => offer.plans.length > 0),
  };
}

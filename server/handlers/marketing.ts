/** Operations tagged `marketing`: the public catalog. */
import type { Database } from '../db/database';
import { listOffers, listProducts } from '../services/catalog';
import type { Handler } from './types';

export function marketingHandlers(db: Database) {
  const listOffersHandler: Handler = () => listOffers(db);
  const listProductsHandler: Handler = () => listProducts(db);
  return { listOffers: listOffersHandler, listProducts: listProductsHandler };
}

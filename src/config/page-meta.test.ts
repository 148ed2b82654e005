import { describe, expect, it } from 'vitest';
import { isAppPage, NOT_FOUND_META, pageMetaFor } from './page-meta';
import { checkoutPath, withdrawalPath } from './paths';

describe('the meta of routes with a parameter', () => {
  it('finds the order page, the orders and a withdrawal declaration, none of them indexed', () => {
    expect(pageMetaFor(checkoutPath('STANDARD_PACKAGE'))).toEqual({
      namespace: 'checkout',
      page: 'checkout',
      personal: true,
    });
    expect(pageMetaFor('/orders')).toMatchObject({ page: 'orders', personal: true });
    expect(pageMetaFor(withdrawalPath('cs_local_1'))).toMatchObject({ page: 'withdrawal', personal: true });
    expect(isAppPage('/orders/cs_local_1/withdraw/')).toBe(true);
  });

  it('leaves other paths under them to the server (the local payment page) or not found', () => {
    expect(isAppPage('/checkout/local/cs_local_1')).toBe(false);
    expect(pageMetaFor('/orders/cs_local_1')).toBe(NOT_FOUND_META);
    expect(isAppPage('/checkout')).toBe(false);
  });
});

describe('the signing page', () => {
  it('is a page of the app, named in the signing words and never indexed', () => {
    expect(pageMetaFor('/sign/00000000-0000-4000-8000-000000000001')).toEqual({
      namespace: 'signing',
      page: 'sign',
      personal: true,
    });
    expect(isAppPage('/sign')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isAppPage, NOT_FOUND_META, pageMetaFor } from './page-meta';
import { checkoutPath, invitationPath, sharedFilePath, withdrawalPath } from './paths';

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

describe('the co-founders pages', () => {
  it('finds the team panel, an invitation link and a shared file, none of them indexed', () => {
    expect(pageMetaFor('/team')).toEqual({ namespace: 'cofounders', page: 'team', personal: true });
    expect(pageMetaFor(invitationPath('tok_AbC-123'))).toEqual({
      namespace: 'cofounders',
      page: 'invitation',
      personal: true,
    });
    expect(pageMetaFor(sharedFilePath('4f1c2a7e-0000-4000-8000-000000000001'))).toMatchObject({
      page: 'sharedFile',
      personal: true,
    });
    expect(isAppPage('/invitations')).toBe(false);
    expect(isAppPage('/shared/a/b')).toBe(false);
  });
});

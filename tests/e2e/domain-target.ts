/** The operator's host founders' domains point at in the e2e runs, and its addresses (serve-with-dns.ts). */
export const E2E_DOMAIN_TARGET = 'sites.kreo.test';
export const E2E_TARGET_ADDRESSES = { A: '192.0.2.10', AAAA: '2001:db8::10' } as const;

/**
 * The e2e server with founders' own domains on: the operator's target host is answered by a DNS server
 * on loopback (tests/server/dns-zone.ts), which the server's resolver asks (DNS_SERVERS), so that the
 * builder shows the real records and a check really asks DNS. Then the server itself, as in production.
 */
import { startDnsZone } from '../server/dns-zone';
import { E2E_DOMAIN_TARGET, E2E_TARGET_ADDRESSES } from './domain-target';

const zone = await startDnsZone();
zone.set(E2E_DOMAIN_TARGET, 'A', [E2E_TARGET_ADDRESSES.A]);
zone.set(E2E_DOMAIN_TARGET, 'AAAA', [E2E_TARGET_ADDRESSES.AAAA]);
process.env.SITE_DOMAIN_TARGET = E2E_DOMAIN_TARGET;
process.env.DNS_SERVERS = zone.server;
await import('../../server/main');

import { paths } from '@/config/paths';

/** The header's navigation, in order (spec section 2), shared by the desktop bar and the mobile menu. */
export const NAV_ITEMS = [
  { to: paths.landing, labelKey: 'nav.home', alsoActiveOn: [paths.home] },
  { to: paths.services, labelKey: 'nav.services' },
  { to: paths.plans, labelKey: 'nav.plans' },
  { to: paths.wizard, labelKey: 'nav.wizard' },
  { to: paths.documents, labelKey: 'nav.documents' },
  { to: paths.createWebsite, labelKey: 'nav.createWebsite' },
] as const satisfies readonly { to: string; labelKey: `nav.${string}`; alsoActiveOn?: readonly string[] }[];

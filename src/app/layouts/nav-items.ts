import { paths } from '@/config/paths';

/**
 * The header's navigation, in order (spec section 2), shared by the desktop bar and the mobile menu.
 * `audience`: a logged-in founder sees their dashboard where a visitor sees Home (the logo still leads
 * home), so that the French bar, the longest, still fits a 1200-pixel screen.
 */
export const NAV_ITEMS = [
  { to: paths.landing, labelKey: 'nav.home', alsoActiveOn: [paths.home], audience: 'visitor' },
  { to: paths.dashboard, labelKey: 'nav.dashboard', audience: 'founder' },
  { to: paths.services, labelKey: 'nav.services' },
  { to: paths.plans, labelKey: 'nav.plans' },
  { to: paths.wizard, labelKey: 'nav.wizard' },
  { to: paths.documents, labelKey: 'nav.documents' },
  { to: paths.createWebsite, labelKey: 'nav.createWebsite' },
] as const satisfies readonly {
  to: string;
  labelKey: `nav.${string}`;
  alsoActiveOn?: readonly string[];
  audience?: 'visitor' | 'founder';
}[];

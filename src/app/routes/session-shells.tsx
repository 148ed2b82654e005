import type { ComponentType } from 'react';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { DashboardLoading } from '@/features/dashboard/dashboard-loading';
import { DocumentsShell } from '@/features/documents/documents-shell';
import { WizardLoading } from '@/features/wizard/wizard-shell';

/**
 * What a founder page shows while the session is checked: its heading and a loader, as the page itself
 * shows them while its data loads. The build renders these (SESSION_SHELL_PATHS) and the server sends
 * them painted, so that a phone shows the page at once rather than after the app, the session and the
 * page's code; the app then takes them over as it does the public pages. Features are composed here
 * because they never import each other.
 */
const SESSION_SHELLS: Readonly<Record<string, ComponentType>> = {
  [paths.documents]: DocumentsShell,
  [paths.dashboard]: DashboardLoading,
  [paths.wizard]: () => <WizardLoading />,
};

/** The shell of the page at `pathname`, or the plain loader for a page that has none. */
export function SessionShell({ pathname }: { pathname: string }) {
  const path = pathname.replace(/(.)\/+$/, '$1');
  const Shell = Object.hasOwn(SESSION_SHELLS, path) ? SESSION_SHELLS[path] : undefined;
  return Shell ? <Shell /> : <PageLoader />;
}

import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { SharedFilesList } from '@/features/team/shared-files-list';

/** /dashboard, with the company files the account was invited to: composed here because features never import each other. */
export function DashboardRoute() {
  return <DashboardPage shared={<SharedFilesList />} />;
}

import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { PageErrorBoundary } from '../routes/page-error-boundary';

/** Where a layout shows its page: a loader while the page's code and words arrive, an error page if they fail. */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}

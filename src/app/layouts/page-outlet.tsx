import { Outlet, useLocation } from 'react-router-dom';
import { PageErrorBoundary } from '../routes/page-error-boundary';

/**
 * Where a layout shows its page, or an error page if the page fails. The loader shown while a page's
 * code arrives is the page's own (app/router.tsx); the words' (i18n) is the app's (providers.tsx).
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Outlet />
    </PageErrorBoundary>
  );
}

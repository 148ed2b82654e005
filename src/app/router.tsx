import { useEffect } from 'react';
import { BrowserRouter, Routes, StaticRouter } from 'react-router-dom';
import { showSession } from '@/lib/session/session';
import { markPageLive, replayEarlyInput } from './hydration';
import { RouteMeta } from './route-meta';
import { routeElements } from './route-table';

/** The route table of spec section 2 (routes.tsx). */
export function AppRoutes() {
  return <Routes>{routeElements}</Routes>;
}

/** Inside the app's loader boundary, after the routes: its effect runs once the page is live. */
function Hydrated() {
  useEffect(() => {
    replayEarlyInput();
    markPageLive();
    showSession();
  }, []);
  return null;
}

/**
 * The browser's router, or at build time a static one at `location` (the prerendered pages). Both wrap
 * the same tree, so that the ids React generates (useId) match when the browser hydrates the page.
 */
export function AppRouter({ location }: { location?: string | undefined }) {
  const routes = (
    <>
      <RouteMeta />
      <AppRoutes />
      <Hydrated />
    </>
  );
  if (location === undefined) return <BrowserRouter>{routes}</BrowserRouter>;
  return <StaticRouter location={location}>{routes}</StaticRouter>;
}

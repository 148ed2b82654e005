import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at its top, as in a multi-page site. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

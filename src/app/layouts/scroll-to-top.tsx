import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at its top, as in a multi-page site. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    // A link to a place in a page (/help#faq-fees) is that page's to scroll to.
    if (!hash) window.scrollTo(0, 0);
    // Only a new page scrolls up: a hash changing within it does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}

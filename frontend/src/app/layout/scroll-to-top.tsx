import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec §2: every route change starts at the top (links to a #section scroll there instead). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new path is a route change
  }, [pathname]);
  return null;
}

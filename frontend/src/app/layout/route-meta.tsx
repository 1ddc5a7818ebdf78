import { fixedPageMetaFor, notFoundMeta } from '@contracts/page-meta';
import { isPageRoute } from '@contracts/page-routes';
import { useLocation } from 'react-router-dom';
import { useDocumentMeta } from '../../lib/document-meta';

/**
 * The title and description of the page the router shows (contracts/page-meta.ts), as the server
 * wrote them for a first load. A blog post sets its own once loaded (features/blog). Rendered
 * before the pages, so a page's own meta, set in the same update, wins.
 */
export function RouteMeta() {
  const { pathname } = useLocation();
  useDocumentMeta(fixedPageMetaFor(pathname) ?? (isPageRoute(pathname) ? null : notFoundMeta));
  return null;
}

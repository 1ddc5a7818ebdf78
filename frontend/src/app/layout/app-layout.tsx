import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingText } from '../../components/ui/loading-text';
import { LiveMarker } from '../../lib/prerender';
import { RouteMeta } from './route-meta';
import { ScrollToTop } from './scroll-to-top';
import { TopNav } from './top-nav';

export function AppLayout() {
  return (
    <>
      <ScrollToTop />
      <RouteMeta />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="app-main">
        <Suspense fallback={<LoadingText />}>
          <Outlet />
          <LiveMarker />
        </Suspense>
      </main>
    </>
  );
}

import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProvider } from '../app/provider';

/** Where the app went, for tests that follow a navigation. */
function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="current-path">{pathname + search}</output>;
}

/**
 * Renders `routes` (path → element) as the app does (query client, session, toaster) at `at`.
 * The API is whatever the test's MSW handlers answer.
 */
export function renderRoutes(routes: Record<string, ReactElement>, at: string) {
  return render(
    <AppProvider>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<p>Somewhere else</p>} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </AppProvider>,
  );
}

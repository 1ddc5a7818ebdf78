import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../test/api';
import { renderRoutes } from '../../test/render';
import { server } from '../../test/server';
import { RequireRole } from './require-role';

const adminPage = (
  <RequireRole roles={['admin']}>
    <h1>Back office</h1>
  </RequireRole>
);

describe('RequireRole', () => {
  it('shows the page to a member whose role is listed', async () => {
    server.use(meHandler(member({ role: 'admin' })));
    renderRoutes({ '/admin': adminPage }, '/admin?tab=users');
    expect(await screen.findByRole('heading', { name: 'Back office' })).toBeInTheDocument();
  });

  it('shows any other member the 404 page', async () => {
    server.use(meHandler(member({ role: 'moderator' })));
    renderRoutes({ '/admin': adminPage }, '/admin');
    expect(await screen.findByRole('heading', { name: "Oops! You've wandered off the path" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Back office' })).not.toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/admin');
  });

  it('sends a visitor to sign in and back to the page afterwards', async () => {
    server.use(meHandler(null));
    renderRoutes({ '/admin': adminPage, '/auth': <p>Sign in here</p> }, '/admin?tab=users');
    expect(await screen.findByText('Sign in here')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(`/auth?redirect=${encodeURIComponent('/admin?tab=users')}`);
  });

  it('renders `otherwise` for a member without the role when the page gives one', async () => {
    server.use(meHandler(member({ role: 'free' })));
    renderRoutes(
      {
        '/home': (
          <RequireRole roles={['admin']} otherwise={<p>Member home</p>}>
            <p>Admin home</p>
          </RequireRole>
        ),
      },
      '/home',
    );
    expect(await screen.findByText('Member home')).toBeInTheDocument();
    expect(screen.queryByText('Admin home')).not.toBeInTheDocument();
  });
});

import { defaultCompanyContent } from '@contracts/company-content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { badgeIcon, CompanyPage } from './company-page';

function open(role: 'visitor' | 'admin', content = defaultCompanyContent) {
  server.use(meHandler(role === 'admin' ? member({ role: 'admin' }) : null), http.get('/api/company-content', () => HttpResponse.json(content)));
  return renderRoutes({ '/company': <CompanyPage /> }, '/company');
}

describe('the company page', () => {
  it('shows WHO WE ARE and two founder cards with their badges and an external Fiverr link', async () => {
    open('visitor');
    expect(await screen.findByRole('heading', { name: 'WHO WE ARE' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getAllByRole('listitem')).toHaveLength(8);
    const link = within(cards[0]!).getByText('View Fiverr Profile').closest('a')!;
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByText('Edit Mode Active')).not.toBeInTheDocument();
  });

  it('draws an unknown badge icon with Zap', () => {
    expect(badgeIcon('Rocket')).toBe(badgeIcon('Zap'));
    expect(badgeIcon('Globe')).not.toBe(badgeIcon('Zap'));
  });

  it('turns edit mode on for admins and saves, reporting the server message on failure', async () => {
    server.use(http.put('/api/admin/company-content', () => HttpResponse.json({ message: 'Links must be valid web addresses' }, { status: 400 })));
    open('admin');
    expect(await screen.findByText('Edit Mode Active')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/Upload an image for/)).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Links must be valid web addresses')).toBeInTheDocument();
  });
});

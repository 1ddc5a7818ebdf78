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

  it("uploads a founder image as the field 'founderImage' and shows it; a refusal shows the server's reason", async () => {
    const uploads: string[] = [];
    let refuse = false;
    server.use(
      http.post('/api/admin/upload-founder-image', async ({ request }) => {
        if (refuse) return HttpResponse.json({ message: 'Only image files are allowed', code: 'invalid_admin_image' }, { status: 400 });
        const form = await request.formData();
        for (const [field, value] of form.entries()) if (typeof value !== 'string') uploads.push(`${field} ${value.type}`);
        return HttpResponse.json({ imageUrl: '/api/files/founder-images/abc.webp' });
      }),
    );
    open('admin');
    const [first] = await screen.findAllByLabelText(/Upload an image for/);
    await userEvent.upload(first!, new File([new Uint8Array([1, 2, 3])], 'face.webp', { type: 'image/webp' }));
    const founder = defaultCompanyContent.founders[0]!.name;
    expect(await screen.findByAltText(founder)).toHaveAttribute('src', '/api/files/founder-images/abc.webp');
    expect(uploads).toEqual(['founderImage image/webp']);
    refuse = true;
    await userEvent.upload(first!, new File([new Uint8Array([1, 2, 3])], 'notes.webp', { type: 'image/webp' }));
    expect(await screen.findByText('Only image files are allowed')).toBeInTheDocument();
  });
});

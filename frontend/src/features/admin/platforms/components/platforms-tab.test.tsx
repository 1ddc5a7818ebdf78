import { platformCategories, type PlatformLinkDto } from '@contracts/platforms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meHandler, member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import PlatformsTab from './platforms-tab';

function linksApi(initial: PlatformLinkDto[]) {
  let links = [...initial];
  const calls: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    meHandler(member({ role: 'admin' })),
    http.get('/api/admin/skilly-urls', () => HttpResponse.json(links)),
    http.post('/api/admin/skilly-urls', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.push({ method: 'POST', path: '/api/admin/skilly-urls', body });
      const link = { id: `l${links.length + 1}`, createdAt: '2026-11-25T00:00:00.000Z', ...body, logoUrl: body.logoUrl || null, description: body.description || null } as PlatformLinkDto;
      links.push(link);
      return HttpResponse.json(link, { status: 201 });
    }),
    http.put('/api/admin/skilly-urls/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.push({ method: 'PUT', path: `/api/admin/skilly-urls/${params.id}`, body });
      links = links.map((l) => (l.id === params.id ? ({ ...l, ...body, logoUrl: body.logoUrl || null, description: body.description || null } as PlatformLinkDto) : l));
      return HttpResponse.json(links.find((l) => l.id === params.id));
    }),
    http.delete('/api/admin/skilly-urls/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `/api/admin/skilly-urls/${params.id}` });
      links = links.filter((l) => l.id !== params.id);
      return HttpResponse.json({ message: 'Resource link deleted' });
    }),
  );
  return { calls };
}

const fiverr: PlatformLinkDto = { id: 'l1', platformName: 'Fiverr', category: 'Freelance Marketplaces', url: 'https://www.fiverr.com', logoUrl: null, description: 'Gigs', createdAt: '2026-11-20T00:00:00.000Z' };
const renderTab = () => renderRoutes({ '/dashboard': <PlatformsTab /> }, '/dashboard');
const submit = () => screen.getByRole('button', { name: /^(Add|Update) Resource Link$/ });
const logoFile = (name: string, type: string) => new File(['x'], name, { type });

afterEach(() => vi.restoreAllMocks());

describe('the admin Platforms tab', () => {
  it('offers the 12 categories and adds a link only once name, category and url are filled', async () => {
    const api = linksApi([]);
    renderTab();
    expect(await screen.findByText('No resource links yet')).toBeInTheDocument();
    const category = screen.getByLabelText('Category');
    expect(within(category).getAllByRole('option').slice(1).map((o) => o.textContent)).toEqual([...platformCategories]);
    expect(submit()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Platform Name'), 'Etsy');
    await userEvent.type(screen.getByLabelText('URL'), 'https://www.etsy.com');
    expect(submit()).toBeDisabled();
    await userEvent.selectOptions(category, 'E-Commerce & Print-On-Demand');
    await userEvent.type(screen.getByLabelText('Description'), 'Handmade goods');
    expect(submit()).toBeEnabled();
    await userEvent.click(submit());
    await waitFor(() =>
      expect(api.calls).toEqual([
        { method: 'POST', path: '/api/admin/skilly-urls', body: { platformName: 'Etsy', category: 'E-Commerce & Print-On-Demand', url: 'https://www.etsy.com', logoUrl: '', description: 'Handmade goods' } },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Etsy' })).toBeInTheDocument();
  });

  it("refuses a non-image logo with 'Only image files are allowed'; an image is uploaded as the field 'image'", async () => {
    linksApi([]);
    const uploads: string[] = [];
    server.use(
      http.post('/api/admin/blog-images/upload', async ({ request }) => {
        const form = await request.formData();
        // jsdom's File reaches Node's FormData as a nameless blob: the field and the type are what is checked.
        for (const [field, value] of form.entries()) if (typeof value !== 'string') uploads.push(`${field} ${value.type}`);
        return HttpResponse.json({ url: '/api/files/blog-images/abc.png' });
      }),
    );
    renderTab();
    await screen.findByText('No resource links yet');
    await userEvent.upload(screen.getByLabelText('Logo'), logoFile('notes.pdf', 'application/pdf'), { applyAccept: false });
    expect(await screen.findByText('Only image files are allowed')).toBeInTheDocument();
    expect(uploads).toEqual([]);
    await userEvent.upload(screen.getByLabelText('Logo'), logoFile('logo.png', 'image/png'));
    expect(await screen.findByAltText('Logo preview')).toHaveAttribute('src', '/api/files/blog-images/abc.png');
    expect(uploads).toEqual(['image image/png']);
  });

  it("says 'Failed to upload logo' when the upload fails", async () => {
    linksApi([]);
    server.use(http.post('/api/admin/blog-images/upload', () => HttpResponse.json({ message: 'Too large' }, { status: 413 })));
    renderTab();
    await screen.findByText('No resource links yet');
    await userEvent.upload(screen.getByLabelText('Logo'), logoFile('logo.png', 'image/png'));
    expect(await screen.findByText('Failed to upload logo: Too large')).toBeInTheDocument();
  });

  it('edits a link with PUT and deletes one after the confirmation; failures are worded per §8', async () => {
    const api = linksApi([fiverr]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Platform Name')).toHaveValue('Fiverr');
    await userEvent.clear(screen.getByLabelText('Platform Name'));
    await userEvent.type(screen.getByLabelText('Platform Name'), 'Fiverr Pro');
    await userEvent.click(submit());
    await waitFor(() => expect(api.calls[0]).toMatchObject({ method: 'PUT', path: '/api/admin/skilly-urls/l1', body: { platformName: 'Fiverr Pro', category: 'Freelance Marketplaces' } }));
    expect(await screen.findByRole('heading', { name: 'Fiverr Pro' })).toBeInTheDocument();

    server.use(http.put('/api/admin/skilly-urls/:id', () => HttpResponse.json({ message: 'Resource link not found' }, { status: 404 })));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(submit());
    expect(await screen.findByText('Failed to update resource link: Resource link not found')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete "Fiverr Pro"?');
    expect(await screen.findByText('No resource links yet')).toBeInTheDocument();

    server.use(http.post('/api/admin/skilly-urls', () => HttpResponse.json({ message: 'Please choose one of the platform categories' }, { status: 400 })));
    await userEvent.type(screen.getByLabelText('Platform Name'), 'X');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Gaming & Web3');
    await userEvent.type(screen.getByLabelText('URL'), 'https://x.example');
    await userEvent.click(submit());
    expect(await screen.findByText('Failed to add resource link: Please choose one of the platform categories')).toBeInTheDocument();
  });

  it("says 'Failed to delete resource link' when a delete is refused", async () => {
    linksApi([fiverr]);
    server.use(http.delete('/api/admin/skilly-urls/:id', () => new HttpResponse('down', { status: 500 })));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete resource link')).toBeInTheDocument();
  });
});

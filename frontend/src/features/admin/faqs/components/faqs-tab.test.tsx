import type { FaqDto } from '@contracts/faqs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meHandler, member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import FaqsTab from './faqs-tab';

/** An in-memory /api/admin/faqs that sorts as the server does and records every write. */
function faqsApi(initial: FaqDto[]) {
  let faqs = [...initial];
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const sorted = () => [...faqs].sort((a, b) => a.orderIndex - b.orderIndex || a.createdAt.localeCompare(b.createdAt));
  server.use(
    meHandler(member({ role: 'admin' })),
    http.get('/api/admin/faqs', () => HttpResponse.json(sorted())),
    http.post('/api/admin/faqs', async ({ request }) => {
      const body = (await request.json()) as Omit<FaqDto, 'id' | 'createdAt'>;
      calls.push({ method: 'POST', path: '/api/admin/faqs', body });
      const faq = { id: `f${faqs.length + 1}`, createdAt: `2026-11-2${faqs.length}T00:00:00.000Z`, ...body };
      faqs.push(faq);
      return HttpResponse.json(faq, { status: 201 });
    }),
    http.patch('/api/admin/faqs/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<FaqDto>;
      calls.push({ method: 'PATCH', path: `/api/admin/faqs/${params.id}`, body });
      faqs = faqs.map((f) => (f.id === params.id ? { ...f, ...body } : f));
      return HttpResponse.json(faqs.find((f) => f.id === params.id));
    }),
    http.delete('/api/admin/faqs/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `/api/admin/faqs/${params.id}` });
      faqs = faqs.filter((f) => f.id !== params.id);
      return HttpResponse.json({ message: 'FAQ deleted' });
    }),
  );
  return { calls };
}

const faq = (id: string, question: string, orderIndex: number): FaqDto => ({ id, question, answer: `Answer to ${question}`, orderIndex, createdAt: `2026-11-0${id.slice(1)}T00:00:00.000Z` });
const renderTab = () => renderRoutes({ '/dashboard': <FaqsTab /> }, '/dashboard');
const save = () => screen.getByRole('button', { name: /^(Add|Update) FAQ$/ });
const questions = () => screen.getAllByTestId('admin-faq').map((card) => within(card).getByRole('heading').textContent);

afterEach(() => vi.restoreAllMocks());

describe('the admin FAQs tab', () => {
  it("says 'No FAQs yet' when there are none, and saves only when question and answer are filled", async () => {
    const api = faqsApi([]);
    renderTab();
    expect(await screen.findByText('No FAQs yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add New FAQ' })).toBeInTheDocument();
    expect(screen.getByText('lower numbers first')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Question'), 'Is it free?');
    expect(save()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Answer'), '   ');
    expect(save()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Answer'), 'Yes, to start.');
    await userEvent.clear(screen.getByLabelText('Display Order'));
    await userEvent.type(screen.getByLabelText('Display Order'), '3');
    await userEvent.click(save());
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toEqual({ method: 'POST', path: '/api/admin/faqs', body: { question: 'Is it free?', answer: 'Yes, to start.', orderIndex: 3 } });
    expect(await screen.findByText('Is it free?')).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveValue('');
  });

  it("edits a FAQ under 'Edit FAQ'; 'Cancel Edit' resets the form", async () => {
    const api = faqsApi([faq('f1', 'First', 0), faq('f2', 'Second', 1)]);
    renderTab();
    await screen.findByText('First');
    expect(questions()).toEqual(['First', 'Second']);

    await userEvent.click(within(screen.getAllByTestId('admin-faq')[1]).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: 'Edit FAQ' })).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveValue('Second');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(screen.getByRole('heading', { name: 'Add New FAQ' })).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveValue('');

    await userEvent.click(within(screen.getAllByTestId('admin-faq')[1]).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Display Order'));
    await userEvent.type(screen.getByLabelText('Display Order'), '-1');
    await userEvent.click(save());
    await waitFor(() => expect(api.calls).toContainEqual({ method: 'PATCH', path: '/api/admin/faqs/f2', body: { question: 'Second', answer: 'Answer to Second', orderIndex: -1 } }));
    await waitFor(() => expect(questions()).toEqual(['Second', 'First']));
  });

  it("deletes only after 'Delete this FAQ?' is confirmed", async () => {
    const api = faqsApi([faq('f1', 'First', 0)]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete this FAQ?');
    expect(api.calls).toHaveLength(0);
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No FAQs yet')).toBeInTheDocument();
    expect(api.calls).toEqual([{ method: 'DELETE', path: '/api/admin/faqs/f1' }]);
  });

  it('says why a save or delete failed (§8), with the server’s reason', async () => {
    faqsApi([faq('f1', 'First', 0)]);
    server.use(
      http.post('/api/admin/faqs', () => HttpResponse.json({ message: 'Question is required' }, { status: 400 })),
      http.delete('/api/admin/faqs/:id', () => HttpResponse.json({ message: 'FAQ not found' }, { status: 404 })),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTab();
    await screen.findByText('First');
    await userEvent.type(screen.getByLabelText('Question'), 'Q');
    await userEvent.type(screen.getByLabelText('Answer'), 'A');
    await userEvent.click(save());
    expect(await screen.findByText('Failed to add FAQ: Question is required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete FAQ: FAQ not found')).toBeInTheDocument();
  });

  it('offers Retry when the FAQs cannot be loaded', async () => {
    server.use(meHandler(member({ role: 'admin' })), http.get('/api/admin/faqs', () => new HttpResponse('down', { status: 500 })));
    renderTab();
    expect(await screen.findByText('Could not load the FAQs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

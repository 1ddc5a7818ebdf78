import { type ContactMessageRequest, defaultContactContent } from '@contracts/contact';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { ContactPage } from './contact-page';

function open(role: 'visitor' | 'admin' = 'visitor', path = '/contact') {
  server.use(
    meHandler(role === 'admin' ? member({ role: 'admin' }) : null),
    http.get('/api/contact-content', () => HttpResponse.json(defaultContactContent)),
  );
  return renderRoutes({ '/contact': <ContactPage /> }, path);
}

describe('the contact page', () => {
  it('shows the §3 info column and the form with the spec placeholders', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Get in Touch' })).toBeInTheDocument();
    expect(screen.getByText('Available worldwide')).toBeInTheDocument();
    expect(screen.getByText('Monday - Friday: 9:00 AM - 6:00 PM EST')).toBeInTheDocument();
    for (const placeholder of ['Your full name', 'you@example.com', 'What is this about?', 'Tell us how we can help you...']) {
      expect(screen.getByPlaceholderText(placeholder)).toBeInTheDocument();
    }
    expect(screen.getByRole('form', { name: 'Contact form' })).toHaveAttribute('method', 'post');
  });

  it('shows the §5 messages and sends nothing while the form is wrong', async () => {
    let posted = false;
    server.use(http.post('/api/contact', () => ((posted = true), HttpResponse.json({ message: 'ok' }, { status: 201 }))));
    open();
    await userEvent.type(await screen.findByPlaceholderText('Your full name'), 'A');
    await userEvent.type(screen.getByPlaceholderText('you@example.com'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('sends the message, shows Message Sent! and goes back to the form', async () => {
    let body: ContactMessageRequest | undefined;
    server.use(http.post('/api/contact', async ({ request }) => ((body = (await request.json()) as ContactMessageRequest), HttpResponse.json({ message: 'ok' }, { status: 201 }))));
    open();
    await userEvent.type(await screen.findByPlaceholderText('Your full name'), 'Grace Hopper');
    await userEvent.type(screen.getByPlaceholderText('you@example.com'), 'grace@example.com');
    await userEvent.type(screen.getByPlaceholderText('What is this about?'), 'Pricing question');
    await userEvent.type(screen.getByPlaceholderText('Tell us how we can help you...'), 'Do you offer annual billing?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    expect(screen.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeInTheDocument();
    expect(body).toEqual({ name: 'Grace Hopper', email: 'grace@example.com', subject: 'Pricing question', message: 'Do you offer annual billing?' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(await screen.findByPlaceholderText('Your full name')).toHaveValue('');
  });

  it('tells the visitor when sending failed', async () => {
    server.use(http.post('/api/contact', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    open();
    await userEvent.type(await screen.findByPlaceholderText('Your full name'), 'Grace Hopper');
    await userEvent.type(screen.getByPlaceholderText('you@example.com'), 'grace@example.com');
    await userEvent.type(screen.getByPlaceholderText('What is this about?'), 'Pricing question');
    await userEvent.type(screen.getByPlaceholderText('Tell us how we can help you...'), 'Do you offer annual billing?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Message Sent!')).not.toBeInTheDocument();
  });

  it('shows an admin the page as visitors see it, with a link into edit mode, until the editMode flag is set', async () => {
    open('admin');
    expect(await screen.findByRole('button', { name: 'Edit this page' })).toHaveAttribute('href', '/contact?editMode=true');
    expect(screen.queryByText('Admin Edit Mode: Click on any text to edit')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Edit title' })).not.toBeInTheDocument();
  });

  it('lets an admin edit a text in place and save it; Cancel reverts', async () => {
    let saved: unknown;
    server.use(http.put('/api/admin/contact-content', async ({ request }) => ((saved = await request.json()), HttpResponse.json((saved as { content: Record<string, string> }).content))));
    open('admin', '/contact?editMode=true');
    expect(await screen.findByText('Admin Edit Mode: Click on any text to edit')).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Edit title' });
    title.textContent = 'Say hello';
    title.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved).toEqual({ content: { ...defaultContactContent, title: 'Say hello' } }));
    expect(await screen.findByText('Contact page content saved successfully')).toBeInTheDocument();

    const subtitle = screen.getByRole('textbox', { name: 'Edit subtitle' });
    subtitle.textContent = 'Changed';
    subtitle.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Your changes have been reverted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Edit subtitle' }).textContent).toBe(defaultContactContent.subtitle));
  });
});

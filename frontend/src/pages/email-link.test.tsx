import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler } from '../test/api';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';
import EmailLinkPage from './email-link';

const pages = { '/confirm-email': <EmailLinkPage />, '/restore-email': <EmailLinkPage /> };

describe('the pages the emailed links open (issue 48)', () => {
  it('confirms the address as soon as /confirm-email opens, and says so', async () => {
    const posted: unknown[] = [];
    server.use(
      meHandler(null),
      http.post('/api/auth/confirm-email', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ message: 'Your email address is confirmed. Thank you!' });
      }),
    );
    renderRoutes(pages, '/confirm-email?token=abc');
    expect(await screen.findByText('Your email address is confirmed. Thank you!')).toBeInTheDocument();
    expect(screen.getByText('Email address confirmed')).toBeInTheDocument();
    expect(posted).toEqual([{ token: 'abc' }]);
  });

  it("shows the server's message for a used or expired link", async () => {
    server.use(meHandler(null), http.post('/api/auth/confirm-email', () => HttpResponse.json({ message: 'This link is invalid, has expired or was already used.', code: 'invalid_email_link' }, { status: 400 })));
    renderRoutes(pages, '/confirm-email?token=old');
    expect(await screen.findByText('This link is invalid, has expired or was already used.')).toBeInTheDocument();
  });

  it('restores the address only when the button is pressed (a mail scanner opening the page changes nothing)', async () => {
    const posted: unknown[] = [];
    server.use(
      meHandler(null),
      http.post('/api/auth/restore-email', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ message: 'Your email address is back on your account and everyone has been signed out.' });
      }),
    );
    renderRoutes(pages, '/restore-email?token=xyz');
    const button = await screen.findByRole('button', { name: 'Put my email address back' });
    expect(posted).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByText('Your email address is back on your account and everyone has been signed out.')).toBeInTheDocument();
    expect(posted).toEqual([{ token: 'xyz' }]);
  });
});

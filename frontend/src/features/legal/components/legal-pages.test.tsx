import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meHandler } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { lastUpdated } from './legal-page';
import { PrivacyPolicy } from './privacy-policy';
import { TermsOfUse } from './terms-of-use';

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/^\d+\. /, ''));

describe('privacy and terms', () => {
  it('lists every privacy section of §2 in order, with today as Last Updated and the providers named', async () => {
    server.use(meHandler(null));
    renderRoutes({ '/privacy': <PrivacyPolicy /> }, '/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(headings()).toEqual(['Introduction', 'Information We Collect', 'How We Use Your Information', 'Information Sharing and Disclosure', 'Data Security', 'Your Privacy Rights', 'Cookies', "Children's Privacy", 'International Data Transfers', 'Changes', 'Contact Us']);
    expect(screen.getByText(`Last Updated: ${lastUpdated()}`)).toBeInTheDocument();
    expect(document.body.textContent).toMatch(/Stripe/);
    expect(document.body.textContent).toMatch(/OpenAI/);
    expect(document.body.textContent).toMatch(/under 13/);
  });

  it('lists every terms section of §2 in order, with the billing rules', async () => {
    server.use(meHandler(null));
    renderRoutes({ '/terms': <TermsOfUse /> }, '/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(headings()).toEqual(['Agreement', 'Description of Service', 'User Accounts', 'Subscription and Payments', 'Acceptable Use', 'Intellectual Property', 'Disclaimers and Limitations', 'Indemnification', 'Third-Party Services', 'Dispute Resolution', 'Changes', 'Severability', 'Contact']);
    expect(document.body.textContent).toMatch(/monthly or annually/);
    expect(document.body.textContent).toMatch(/end of the current billing period/);
  });

  it('writes the date in en-GB long form', () => {
    expect(lastUpdated(new Date(Date.UTC(2026, 10, 25, 12)))).toBe('25 November 2026');
  });
});

import type { FaqDto } from '@contracts/faqs';
import { platformCategories, type PlatformLinkDto } from '@contracts/platforms';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { FaqsPageContent } from './faqs-page';
import { badgeColour, badgeTextColour, contrastRatio } from './platform-directory';

const faqs: FaqDto[] = [
  { id: 'a', question: 'Is Skilly free?', answer: 'Yes, to start.', orderIndex: 0, createdAt: '2026-11-01T00:00:00.000Z' },
  { id: 'b', question: 'Who writes the plans?', answer: 'The AI, checked by humans.', orderIndex: 1, createdAt: '2026-11-02T00:00:00.000Z' },
];
const link = (id: string, platformName: string, category: string, logoUrl: string | null = null): PlatformLinkDto => ({
  id, platformName, category, url: `https://${id}.example`, logoUrl, description: `${platformName} description`, createdAt: '2026-11-01T00:00:00.000Z',
});
const links = [link('fiverr', 'Fiverr', 'Freelance Marketplaces'), link('etsy', 'Etsy', 'E-Commerce & Print-On-Demand', 'https://etsy.example/logo.png'), link('upwork', 'Upwork', 'Freelance Marketplaces')];

function open({ signedIn = false, faqList = faqs, linkList = links } = {}) {
  server.use(
    meHandler(signedIn ? member() : null),
    http.get('/api/faqs', () => HttpResponse.json(faqList)),
    http.get('/api/skilly-urls', () => HttpResponse.json(linkList)),
  );
  return renderRoutes({ '/faqs': <FaqsPageContent /> }, '/faqs');
}
const cardNames = () => screen.getAllByTestId('platform-card').map((card) => within(card).getByRole('heading').textContent);

describe('the /faqs page', () => {
  it('numbers the FAQs 01, 02 in the order given and opens an answer when its question is clicked', async () => {
    open();
    const items = await screen.findAllByTestId('faq');
    expect(items.map((item) => item.textContent)).toEqual(['01Is Skilly free?', '02Who writes the plans?']);
    expect(screen.queryByText('The AI, checked by humans.')).not.toBeInTheDocument();
    const second = screen.getByRole('button', { name: /Who writes the plans\?/ });
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('The AI, checked by humans.')).toBeInTheDocument();
  });

  it('shows each platform as a card with its logo or initial, coloured category badge and a safe external link', async () => {
    open();
    await screen.findByRole('heading', { name: 'Fiverr' });
    const fiverr = within(screen.getAllByTestId('platform-card')[0]);
    expect(fiverr.getByText('F')).toBeInTheDocument();
    expect(fiverr.getByTestId('platform-category')).toHaveTextContent('Freelance Marketplaces');
    expect(fiverr.getByTestId('platform-category')).toHaveStyle({ background: badgeColour('Freelance Marketplaces') });
    expect(badgeColour('Freelance Marketplaces')).not.toBe(badgeColour('E-Commerce & Print-On-Demand'));
    const visit = fiverr.getByRole('link', { name: /Visit Platform/ });
    expect(visit).toHaveAttribute('href', 'https://fiverr.example');
    expect(visit).toHaveAttribute('target', '_blank');
    expect(visit.getAttribute('rel')).toContain('noopener');
    const etsy = within(screen.getAllByTestId('platform-card')[1]);
    expect(etsy.getByRole('presentation', { hidden: true })).toHaveAttribute('src', 'https://etsy.example/logo.png');
  });

  it('writes every category badge in a colour that reads at 4.5:1 or more on it (WCAG AA)', () => {
    for (const category of [...platformCategories, 'A category of its own']) {
      const background = badgeColour(category);
      expect({ category, ratio: contrastRatio(background, badgeTextColour(background)) >= 4.5 }).toEqual({ category, ratio: true });
    }
    // The §9 orange is too light for white text (3.5:1): its badge is written dark.
    expect(contrastRatio('#c87619', '#ffffff')).toBeLessThan(4.5);
    expect(badgeTextColour('#c87619')).toBe('#1c2127');
    expect(badgeTextColour('#5642a6')).toBe('#ffffff');
  });

  it("filters by a category chip, 'All Platforms' shows every one again", async () => {
    open();
    await screen.findByRole('heading', { name: 'Fiverr' });
    const chips = within(screen.getByRole('group', { name: 'Filter platforms by category' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['All Platforms', 'Freelance Marketplaces', 'E-Commerce & Print-On-Demand']);
    await userEvent.click(screen.getByRole('button', { name: 'E-Commerce & Print-On-Demand' }));
    expect(cardNames()).toEqual(['Etsy']);
    await userEvent.click(screen.getByRole('button', { name: 'Freelance Marketplaces' }));
    expect(cardNames()).toEqual(['Fiverr', 'Upwork']);
    await userEvent.click(screen.getByRole('button', { name: 'All Platforms' }));
    expect(cardNames()).toEqual(['Fiverr', 'Etsy', 'Upwork']);
  });

  it('sends visitors to sign in and members to /support', async () => {
    const visitor = open();
    expect(await screen.findByRole('link', { name: 'Sign in to contact support' })).toHaveAttribute('href', '/auth?tab=signin');
    visitor.unmount();
    open({ signedIn: true });
    expect(await screen.findByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
  });

  it('says when there are no FAQs or platforms yet', async () => {
    open({ faqList: [], linkList: [] });
    expect(await screen.findByText('No FAQs yet')).toBeInTheDocument();
    expect(await screen.findByText('No platforms yet')).toBeInTheDocument();
  });

  it('offers Retry when the lists cannot be loaded', async () => {
    server.use(
      meHandler(null),
      http.get('/api/faqs', () => new HttpResponse('down', { status: 500 })),
      http.get('/api/skilly-urls', () => new HttpResponse('down', { status: 500 })),
    );
    renderRoutes({ '/faqs': <FaqsPageContent /> }, '/faqs');
    expect(await screen.findByText('Could not load the FAQs')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the platforms')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
  });
});

import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { credits, meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { UsageCards } from './usage-cards';

function renderCards(body: ReturnType<typeof credits>) {
  server.use(meHandler(member()), http.get('/api/credits', () => HttpResponse.json(body)));
  return renderRoutes({ '/dashboard': <UsageCards /> }, '/dashboard');
}

describe('the usage cards', () => {
  it('show each kind’s credits used of the allowance and what is left', async () => {
    renderCards(credits());
    const ideas = await screen.findByTestId('usage-idea');
    expect(within(ideas).getByText('Ideas')).toBeInTheDocument();
    expect(within(ideas).getByLabelText('2/5 ideas used')).toBeInTheDocument();
    expect(within(ideas).getByText('3 left')).toBeInTheDocument();
    expect(within(screen.getByTestId('usage-plan')).getByLabelText('0/1 plans used')).toBeInTheDocument();
    expect(within(screen.getByTestId('usage-help')).getByText('3 left')).toBeInTheDocument();
    expect(screen.getByText('Credits reset in')).toBeInTheDocument();
  });

  it('count extra credits granted in what is left', async () => {
    renderCards(
      credits({
        granted: { idea: 2, plan: 0, milestone: 0, help: 0 },
        used: { idea: 6, plan: 0, milestone: 0, help: 0 },
        balances: { idea: 1, plan: 1, milestone: 3, help: 3 },
      }),
    );
    const ideas = await screen.findByTestId('usage-idea');
    expect(within(ideas).getByLabelText('6/5 ideas used')).toBeInTheDocument();
    expect(within(ideas).getByText('+2 extra granted · 1 left')).toBeInTheDocument();
  });

  it('show a spent allowance as nothing left', async () => {
    renderCards(credits({ used: { idea: 5, plan: 1, milestone: 0, help: 0 }, balances: { idea: 0, plan: 0, milestone: 3, help: 3 } }));
    const ideas = await screen.findByTestId('usage-idea');
    expect(within(ideas).getByLabelText('5/5 ideas used')).toBeInTheDocument();
    expect(within(ideas).getByText('0 left')).toBeInTheDocument();
    expect(within(screen.getByTestId('usage-plan')).getByText('0 left')).toBeInTheDocument();
  });

  it('offer a retry when the credits cannot be read', async () => {
    server.use(meHandler(member()), http.get('/api/credits', () => HttpResponse.json({ message: 'Down' }, { status: 500 })));
    renderRoutes({ '/dashboard': <UsageCards /> }, '/dashboard');
    expect(await screen.findByText('Failed to load your credits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

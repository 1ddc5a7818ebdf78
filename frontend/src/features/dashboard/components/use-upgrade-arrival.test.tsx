import { type CreditsResponse } from '@contracts/credits';
import { monthlyAllowances } from '@contracts/allowances';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isPro } from '../../../lib/auth/roles';
import { changesWithCredits } from '../../../lib/query-client';
import { credits, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { SubscriptionBox } from './subscription-box';
import { UpgradeSuccessBanner } from './upgrade-success-banner';

/** The dashboard's top as the member sees it: the subscription box, the upgrade banner and, like the usage cards, a read of the credits. */
function DashboardTop() {
  const { user } = useAuth();
  const allowances = useQuery<CreditsResponse>({ queryKey: ['/api', 'credits'], ...changesWithCredits });
  const success = useSearchParams()[0].get('success') === 'true';
  if (!user) return null;
  return (
    <>
      <SubscriptionBox user={user} />
      {success ? <UpgradeSuccessBanner pro={isPro(user)} onDismiss={() => {}} /> : null}
      <output data-testid="idea-allowance">{allowances.data?.allowances.idea ?? '…'}</output>
    </>
  );
}

/** The server's view: free until the payment provider's word lands, then pro with pro allowances. */
function account() {
  const state = { pro: false, meCalls: 0, creditCalls: 0 };
  server.use(
    http.get('/api/auth/me', () => {
      state.meCalls += 1;
      return HttpResponse.json(member({ role: state.pro ? 'pro' : 'free' }));
    }),
    http.get('/api/credits', () => {
      state.creditCalls += 1;
      const tier = state.pro ? 'pro' : 'free';
      return HttpResponse.json(credits({ tier, allowances: monthlyAllowances[tier] }));
    }),
  );
  return state;
}

describe('arriving on the dashboard from checkout (?success=true)', () => {
  it('reads the member and the credits again until the upgrade shows: "Pro" and pro allowances without a reload', async () => {
    const api = account();
    renderRoutes({ '/dashboard': <DashboardTop /> }, '/dashboard?success=true');
    expect(await screen.findByTestId('subscription-tier')).toHaveTextContent('Free Forever');
    await waitFor(() => expect(screen.getByTestId('idea-allowance')).toHaveTextContent(String(monthlyAllowances.free.idea)));

    // The provider's confirmation lands after the browser did.
    api.pro = true;
    await waitFor(() => expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Pro'), { timeout: 5_000 });
    await waitFor(() => expect(screen.getByTestId('idea-allowance')).toHaveTextContent(String(monthlyAllowances.pro.idea)));
  });

  it('asks nothing again on an ordinary visit', async () => {
    const api = account();
    renderRoutes({ '/dashboard': <DashboardTop /> }, '/dashboard');
    expect(await screen.findByTestId('subscription-tier')).toHaveTextContent('Free Forever');
    await waitFor(() => expect(api.creditCalls).toBe(1));
    api.pro = true;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.meCalls).toBe(1);
    expect(api.creditCalls).toBe(1);
    expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Free Forever');
  });
});

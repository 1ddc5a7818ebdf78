import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@contracts/auth';
import { pendingIdeas, pendingPlan } from '../lib/pending-generation';
import { ideasFixture, member } from '../test/api';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';
import AuthPage from './auth';

const trial = { skill: 'I draw pets', categories: ideasFixture.categories, ideas: ideasFixture.ideas, trialToken: 'token-from-the-stream' };

/** A visitor who becomes `user` on sign-in; save-pending answers `savePending`, and its bodies are kept. */
function signInWith(user: User, savePending: () => Response) {
  let signedIn = false;
  const posted: unknown[] = [];
  server.use(
    http.get('/api/auth/me', () =>
      signedIn ? HttpResponse.json(user) : HttpResponse.json({ message: 'Not signed in', code: 'unauthorized' }, { status: 401 }),
    ),
    http.post('/api/auth/login', () => {
      signedIn = true;
      return HttpResponse.json({ user, message: 'Signed in' });
    }),
    http.post('/api/idea-sets/save-pending', async ({ request }) => {
      posted.push(await request.json());
      return savePending();
    }),
  );
  return posted;
}

async function signIn() {
  renderRoutes({ '/auth': <AuthPage /> }, '/auth');
  await userEvent.type(await screen.findByLabelText(/Email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'correct horse battery');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** /auth (spec §4): trial ideas kept in this tab are saved to the member before the redirect. */
describe('trial ideas kept in this tab, after sign-in', () => {
  beforeEach(() => {
    pendingIdeas.write(trial);
    pendingPlan.clear();
  });

  it('are saved with the trial token and the spec body, then forgotten', async () => {
    const posted = signInWith(member(), () => HttpResponse.json({ id: 'set-1', ...trial, personalized: false }, { status: 201 }));
    await signIn();
    expect(await screen.findByText('/dashboard')).toBeInTheDocument();
    expect(posted).toEqual([{ trialToken: 'token-from-the-stream', skill: 'I draw pets', categories: trial.categories, ideas: trial.ideas }]);
    expect(pendingIdeas.read()).toBeNull();
  });

  it('an account older than the trial is told why they were not saved, and the trial and its pending plan are dropped', async () => {
    const message = 'Trial ideas can only be saved to an account created after they were generated. Generate new ideas from your dashboard.';
    pendingPlan.write({ ideaTitle: 'Pet Portrait Commissions', ideaDescription: 'Draw pets', category: 'fiverr', ideaId: 'fiverr-1' });
    signInWith(member(), () => HttpResponse.json({ code: 'trial_result_older_account', message }, { status: 403 }));
    await signIn();
    expect(await screen.findByText('Trial ideas not saved')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    // Not on to plan generation for an idea this account does not have.
    expect(await screen.findByText('/dashboard')).toBeInTheDocument();
    expect(pendingIdeas.read()).toBeNull();
    expect(pendingPlan.read()).toBeNull();
  });
});

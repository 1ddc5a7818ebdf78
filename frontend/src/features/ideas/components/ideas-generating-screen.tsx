import './ideas-generating-screen.css';
import { Callout, Card, Icon, ProgressBar, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { meQueryKey, meQueryOptions } from '../../../lib/auth/api/get-me';
import { useAuth } from '../../../lib/auth/auth-provider';
import { draftState, ideaRequestFromQuery } from '../../../lib/idea-request';
import { generatedIdeas, pendingIdeas } from '../../../lib/pending-generation';
import { toast, toastError } from '../../../lib/toaster';
import { createIdeaSet } from '../api/create-idea-set';
import { type IdeaGenerationFailure, type IdeaGenerationResult, useIdeaGeneration } from '../api/generate-ideas-stream';
import { ideaSetsQueryKey } from '../api/get-idea-sets';
import { StreamingIdeas } from './streaming-ideas';

/** Spec §4/§9: the result screen opens 0.5 s after "Generation Complete". */
const REDIRECT_DELAY_MS = 500;

const countIdeasSoFar = (text: string) => (text.match(/"title"\s*:/g) ?? []).length;

const generic = 'Failed to generate ideas. Please try again.';

/** The toast of a failed generation: its title names the cause, so "try again" is said only when it can help. */
export function failureToast(failure: Exclude<IdeaGenerationFailure, { kind: 'limit' }>) {
  if (failure.kind === 'parse') {
    toastError('Failed to parse ideas. Please try again.');
    return;
  }
  const detail = failure.message && failure.message !== generic ? failure.message : undefined;
  if (failure.code === 'trial_limit') {
    toastError('Daily free generations used up', detail ?? 'Sign up for free to keep going, or come back tomorrow.');
  } else if (failure.code === 'forbidden') {
    toastError('Staff accounts cannot generate ideas', 'Admin and Moderator accounts cannot generate ideas.');
  } else if (failure.code === 'unauthorized') {
    toastError('Please sign in again', detail);
  } else if (failure.errorType === 'timeout') {
    toastError('The AI took too long. Please try again.', detail);
  } else if (failure.errorType === 'rate_limit') {
    toastError('The AI is busy right now. Please try again in a minute.', detail);
  } else if (failure.errorType === 'unavailable') {
    toastError('The AI service is unavailable. Please try again later.', detail);
  } else {
    toastError(generic, detail);
  }
}

/**
 * /generating for ideas (spec §2, §4, §8): streams the AI's text with a typing animation, then
 * "Generation Complete" and, 0.5 s later, the member's /ideas or the visitor's /ideas-trial.
 */
export function IdeasGeneratingScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const request = useMemo(() => ideaRequestFromQuery(params), [params]);

  /** Keeps what was generated where the next screen reads it, and says which screen that is. */
  const keepIdeas = async ({ ideas, ideaSetId, trialToken }: IdeaGenerationResult): Promise<string> => {
    const skill = request!.skill;
    generatedIdeas.write({
      id: ideaSetId ?? `session-${Date.now()}`,
      skill,
      categories: ideas.categories,
      ideas: ideas.ideas,
      personalized: ideas.personalized,
      createdAt: new Date().toISOString(),
    });
    const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    const member = me?.role === 'free' || me?.role === 'pro';
    if (ideaSetId || member) {
      // The stream records a member's set itself; should it not have, the set is kept here (spec §7).
      if (!ideaSetId) await createIdeaSet({ skill, categories: ideas.categories, ideas: ideas.ideas, personalized: ideas.personalized });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ideaSetsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api', 'credits'] }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
      return '/ideas';
    }
    pendingIdeas.write({ skill, categories: ideas.categories, ideas: ideas.ideas, trialToken });
    return '/ideas-trial';
  };

  const destination = useRef('/ideas');
  const { state, run } = useIdeaGeneration(location.key, request, async (result) => {
    destination.current = await keepIdeas(result);
  });

  // Spec §5: no skill, no generation.
  const warned = useRef(false);
  useEffect(() => {
    if (request || warned.current) return;
    warned.current = true;
    toastError('Error', 'No skill provided');
    navigate('/', { replace: true });
  }, [request, navigate]);

  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  useEffect(() => {
    if (!state || !run || run.handled || state.status === 'streaming') return;
    run.handled = true;
    if (state.status === 'done') {
      toast({ title: 'Ideas generated!', intent: 'success' });
      const to = destination.current;
      redirectTimer.current = setTimeout(() => navigate(to, { replace: true }), REDIRECT_DELAY_MS);
      return;
    }
    const { failure } = state;
    if (failure.kind === 'limit') {
      navigate(`/dashboard?limit=${encodeURIComponent(failure.code)}`, { replace: true });
      return;
    }
    failureToast(failure);
    const member = queryClient.getQueryData(meQueryKey) ?? user;
    // Back to the form the request came from, with what was typed still in it.
    navigate(member ? '/dashboard' : '/', { replace: true, state: request ? draftState(request) : undefined });
  }, [state, run, navigate, user, queryClient, request]);

  const complete = state?.status === 'done';
  const text = state?.text ?? '';
  const found = complete && state.status === 'done' ? state.result.ideas.ideas.length : countIdeasSoFar(text);

  return (
    <div className="page generating-page">
      <h1 className="page-title">Generating Your Ideas</h1>
      {request ? (
        <p className="muted generating-subtitle">
          Turning “{request.skill}” into income ideas. This usually takes 15-30 seconds.
        </p>
      ) : null}
      <Card className="generating-card" elevation={1}>
        <div className="generating-status" role="status" aria-live="polite">
          {complete ? (
            <>
              <Icon icon="tick-circle" intent="success" size={20} />
              <strong>Generation Complete</strong>
            </>
          ) : (
            <span>{found > 0 ? `Writing ideas... ${found} so far` : 'Thinking about your skill...'}</span>
          )}
          {state?.generator === 'offline' ? (
            <Tag minimal intent="warning" icon="info-sign" className="generator-tag">
              Offline generator
            </Tag>
          ) : state?.generator === 'openai' ? (
            <Tag minimal intent="primary" className="generator-tag">
              AI generator
            </Tag>
          ) : null}
        </div>
        <ProgressBar intent={complete ? 'success' : 'primary'} value={complete ? 1 : undefined} stripes={!complete} animate={!complete} />
        <StreamingIdeas text={text} complete={complete} />
        {state?.generator === 'offline' ? (
          <Callout intent="warning" icon="info-sign" className="generator-note" compact>
            No AI key is configured on this server, so these ideas come from Skilly's offline generator: a built-in catalogue of
            proven income patterns, shaped by the words of your skill.
          </Callout>
        ) : null}
      </Card>
    </div>
  );
}

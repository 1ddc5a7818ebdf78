import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { useAuth } from '../../../lib/auth/auth-provider';
import { draftState, ideaRequestFromQuery } from '../../../lib/idea-request';
import { toast, toastError } from '../../../lib/toaster';
import { type IdeaGenerationFailure, type IdeaGenerationResult, useIdeaStream } from './generate-ideas-stream';
import { useKeepGeneratedIdeas } from './keep-generated-ideas';

/** Spec §4/§9: the result screen opens 0.5 s after "Generation Complete". */
export const REDIRECT_DELAY_MS = 500;

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
 * /generating for ideas (spec §2, §4, §5, §8): reads the request from the query, streams the
 * generation, keeps its ideas, then says "Ideas generated!" and opens /ideas or /ideas-trial
 * 0.5 s later. A spent allowance goes to the dashboard; another failure toasts and returns to the
 * form with what was typed. No skill: back to the start.
 */
export function useIdeasGeneration() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const request = useMemo(() => ideaRequestFromQuery(params), [params]);
  const stream = useIdeaStream(location.key, request);
  const keep = useKeepGeneratedIdeas();

  // Spec §5: no skill, no generation.
  const warned = useRef(false);
  useEffect(() => {
    if (request || warned.current) return;
    warned.current = true;
    toastError('Error', 'No skill provided');
    navigate('/', { replace: true });
  }, [request, navigate]);

  // Refs survive StrictMode's second run of effects, so each outcome is acted on once.
  const kept = useRef<IdeaGenerationResult | null>(null);
  const { mutate: keepIdeas } = keep;
  useEffect(() => {
    if (!stream.result || !request || kept.current === stream.result) return;
    kept.current = stream.result;
    keepIdeas({ skill: request.skill, result: stream.result });
  }, [stream.result, request, keepIdeas]);

  // Keeping the ideas is best effort: should it fail, the member's set is still on /ideas.
  const complete = keep.isSuccess || keep.isError;
  const destination = keep.data ?? '/ideas';

  const acted = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    if (acted.current) return;
    if (complete) {
      acted.current = true;
      toast({ title: 'Ideas generated!', intent: 'success' });
      redirectTimer.current = setTimeout(() => navigate(destination, { replace: true }), REDIRECT_DELAY_MS);
      return;
    }
    const failure = stream.failure;
    if (!failure) return;
    acted.current = true;
    if (failure.kind === 'limit') {
      navigate(`/dashboard?limit=${encodeURIComponent(failure.code)}`, { replace: true });
      return;
    }
    failureToast(failure);
    const member = queryClient.getQueryData(meQueryKey) ?? user;
    // Back to the form the request came from, with what was typed still in it.
    navigate(member ? '/dashboard' : '/', { replace: true, state: request ? draftState(request) : undefined });
  }, [complete, destination, stream.failure, navigate, queryClient, user, request]);

  return {
    request,
    text: stream.text,
    generator: stream.generator,
    complete,
    /** How many ideas the finished generation holds (null while streaming). */
    ideaCount: complete && stream.result ? stream.result.ideas.ideas.length : null,
  };
}

import type { GeneratePlanRequest } from '@contracts/plans';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/auth-provider';
import { newIdempotencyKey, pendingPlan } from '../../../lib/pending-generation';
import { toast, toastError } from '../../../lib/toaster';
import { isSignedOutError, planGenerationFailure, useGeneratePlan } from './generate-plan';

/** Spec §4/§9: the plan opens 0.5 s after "Generation Complete". */
export const PLAN_REDIRECT_DELAY_MS = 500;

/** The plan request of /generating?type=plan…, or null when the title, description or category is missing (spec §5). */
export function planRequestFromQuery(params: URLSearchParams): GeneratePlanRequest | null {
  const value = (key: string) => (params.get(key) ?? '').trim();
  const [ideaTitle, ideaDescription, category, ideaId] = ['ideaTitle', 'ideaDescription', 'category', 'ideaId'].map(value) as [string, string, string, string];
  if (!ideaTitle || !ideaDescription || !category) return null;
  return { ideaTitle, ideaDescription, category, ...(ideaId ? { ideaId } : {}) };
}

/** The visit's key, kept in its history entry (the router's state): a reload, Back and Forward bring it back. */
const keyOf = (state: unknown): string | undefined => {
  const key = (state as { idempotencyKey?: unknown } | null)?.idempotencyKey;
  return typeof key === 'string' ? key : undefined;
};

/**
 * /generating?type=plan (spec §2, §4, §5, §8): generates the plan once per visit, then "Generation
 * Complete" and /plan/{planId} 0.5 s later. A spent allowance goes to the dashboard's limit notice;
 * another failure is told and the member is back on /ideas after the spec's delay.
 *
 * The visit's `Idempotency-Key` lives in its history entry: a reload or Back and Forward mid-way ask
 * again with it, and the server answers the first call's plan (waiting for it while it runs): one plan,
 * one credit. A visitor whose session is gone (an old tab) is asked to sign in; nothing is sent.
 */
export function usePlanGeneration() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isLoading } = useAuth();
  const request = useMemo(() => planRequestFromQuery(params), [params]);
  const generate = useGeneratePlan();
  const { mutate } = generate;
  const idempotencyKey = keyOf(location.state);
  const signedIn = user !== null;

  // Refs survive StrictMode's second run of effects: one request and one outcome per visit.
  const started = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (started.current === location.key) return;
    if (request && (isLoading || !signedIn)) return;
    started.current = location.key;
    if (!request) {
      toastError('Missing plan information');
      navigate('/ideas', { replace: true });
      return;
    }
    if (!idempotencyKey) {
      navigate({ search: location.search }, { replace: true, state: { idempotencyKey: newIdempotencyKey() } });
      return;
    }
    mutate(
      { request, idempotencyKey },
      {
        onSuccess: ({ planId }) => {
          toast({ title: 'Your action plan has been created', intent: 'success' });
          timer.current = setTimeout(() => navigate(`/plan/${encodeURIComponent(planId)}`, { replace: true }), PLAN_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          if (isSignedOutError(error)) return;
          const failure = planGenerationFailure(error);
          if (failure.kind === 'limit') {
            navigate(`/dashboard?limit=${encodeURIComponent(failure.code)}`, { replace: true });
            return;
          }
          toastError(failure.title, failure.description);
          timer.current = setTimeout(() => navigate('/ideas', { replace: true }), failure.redirectAfterMs);
        },
      },
    );
  }, [location.key, location.search, idempotencyKey, request, isLoading, signedIn, mutate, navigate]);

  const signedOut = Boolean(request) && ((!isLoading && !signedIn) || isSignedOutError(generate.error));
  const failure = generate.isError && !signedOut ? planGenerationFailure(generate.error) : null;
  return {
    request,
    complete: generate.isSuccess,
    failure: failure?.kind === 'failed' ? failure : null,
    signedOut,
    /** Sign in, then the plan is generated (spec §4: a pending plan goes to /generating after authentication). */
    signIn: () => {
      if (request) pendingPlan.write({ ...request, ideaId: request.ideaId ?? '' });
      navigate('/auth?tab=signin');
    },
  };
}

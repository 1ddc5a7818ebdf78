import type { GeneratePlanRequest } from '@contracts/plans';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast, toastError } from '../../../lib/toaster';
import { planGenerationFailure, useGeneratePlan } from './generate-plan';

/** Spec §4/§9: the plan opens 0.5 s after "Generation Complete". */
export const PLAN_REDIRECT_DELAY_MS = 500;

/** The plan request of /generating?type=plan…, or null when the title, description or category is missing (spec §5). */
export function planRequestFromQuery(params: URLSearchParams): GeneratePlanRequest | null {
  const value = (key: string) => (params.get(key) ?? '').trim();
  const [ideaTitle, ideaDescription, category, ideaId] = ['ideaTitle', 'ideaDescription', 'category', 'ideaId'].map(value) as [string, string, string, string];
  if (!ideaTitle || !ideaDescription || !category) return null;
  return { ideaTitle, ideaDescription, category, ...(ideaId ? { ideaId } : {}) };
}

/**
 * /generating?type=plan (spec §2, §4, §5, §8): generates the plan once per visit, then "Generation
 * Complete" and /plan/{planId} 0.5 s later. A spent allowance goes to the dashboard's limit notice;
 * another failure is told and the member is back on /ideas after the spec's delay.
 */
export function usePlanGeneration() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const request = useMemo(() => planRequestFromQuery(params), [params]);
  const generate = useGeneratePlan();
  const { mutate } = generate;

  // Refs survive StrictMode's second run of effects: one request and one outcome per visit.
  const started = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (started.current === location.key) return;
    started.current = location.key;
    if (!request) {
      toastError('Missing plan information');
      navigate('/ideas', { replace: true });
      return;
    }
    mutate(request, {
      onSuccess: ({ planId }) => {
        toast({ title: 'Your action plan has been created', intent: 'success' });
        timer.current = setTimeout(() => navigate(`/plan/${encodeURIComponent(planId)}`, { replace: true }), PLAN_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        const failure = planGenerationFailure(error);
        if (failure.kind === 'limit') {
          navigate(`/dashboard?limit=${encodeURIComponent(failure.code)}`, { replace: true });
          return;
        }
        toastError(failure.title, failure.description);
        timer.current = setTimeout(() => navigate('/ideas', { replace: true }), failure.redirectAfterMs);
      },
    });
  }, [location.key, request, mutate, navigate]);

  const failure = generate.isError ? planGenerationFailure(generate.error) : null;
  return {
    request,
    complete: generate.isSuccess,
    failure: failure?.kind === 'failed' ? failure : null,
  };
}

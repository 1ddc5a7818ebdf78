import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type PendingAttempt, pendingAttempts } from '../../../lib/pending-generation';
import { gotNoAnswer } from './once';

type Attempt<TVariables> = { variables: TVariables; attempt: PendingAttempt };

const actionKey = (action: string) => ['plans', 'action', action] as const;

/**
 * A creating or paid action of the plan page (a task added, the next milestone, help), named by what
 * it acts on (e.g. `help:{taskId}`):
 * - one call at a time: a second click while it runs (a double click) does nothing, and so does a
 *   click after the member left the page and came back while it still runs (`running` says so);
 * - its `Idempotency-Key` is kept in the tab with the attempt until the server answers: after a
 *   reload (or a network failure) the call is asked again with that key, on the page's return or the
 *   member's next click, and the server answers what the first call did;
 * - the outcome callbacks belong to the call, not to the screen that started it: the member sees
 *   the outcome of the call that did the work, wherever they went meanwhile.
 */
export function usePlanAction<TVariables, TData>(
  action: string,
  handlers: {
    send: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
    onSuccess?: (data: TData, variables: TVariables) => unknown;
    onError?: (error: unknown, variables: TVariables) => unknown;
    onSettled?: () => unknown;
  },
) {
  const queryClient = useQueryClient();
  const { send, onSuccess, onError, onSettled } = handlers;
  const { mutate } = useMutation({
    mutationKey: actionKey(action),
    mutationFn: ({ variables, attempt }: Attempt<TVariables>) => send(variables, attempt.idempotencyKey),
    onSuccess: (data, { variables }) => onSuccess?.(data, variables),
    onError: (error, { variables }) => onError?.(error, variables),
    onSettled: (_data, error) => {
      if (!gotNoAnswer(error)) pendingAttempts.end(action);
      return onSettled?.();
    },
  });
  const running = useIsMutating({ mutationKey: actionKey(action) }) > 0;
  // The mutation cache knows at once (not after the next render) that a call is on its way.
  const idle = () => queryClient.isMutating({ mutationKey: actionKey(action) }) === 0;

  // After a reload: the attempt that was on its way is asked again with its key.
  useEffect(() => {
    const attempt = pendingAttempts.read(action);
    if (attempt && queryClient.isMutating({ mutationKey: actionKey(action) }) === 0) {
      mutate({ variables: attempt.variables as TVariables, attempt });
    }
  }, [action, mutate, queryClient]);

  return {
    running,
    run: (variables: TVariables) => {
      if (!idle()) return;
      const pending = pendingAttempts.read(action);
      const same = pending !== null && JSON.stringify(pending.variables) === JSON.stringify(variables);
      mutate({ variables, attempt: same ? pending : pendingAttempts.begin(action, variables) });
    },
  };
}

import { useCallback, useRef } from 'react';

/**
 * One `Idempotency-Key` per thing the user means to send: sending the same content again after a
 * failure (the answer was lost, the server was slow) reuses the key, so the server records it once;
 * once it succeeded (`done`), the next send is a new attempt with a new key.
 */
export function useAttemptKey() {
  const current = useRef<{ content: string; key: string } | null>(null);
  const keyFor = useCallback((content: string) => {
    if (current.current?.content !== content) current.current = { content, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
}

import type { Intent, Toaster } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAppStylesheets } from './islands/app-stylesheets';

// The overlay code loads with the first toast, not with every page's first load (on a visitor's
// island page, with the app's stylesheets).
const ToasterOverlay = lazy(() => Promise.all([import('./toaster-overlay'), loadAppStylesheets()]).then(([module]) => module));
let requestOverlay: (() => void) | null = null;

/** Spec §9: one toast at a time, shown 5 s by default. */
let toaster: Toaster | null = null;
const pending: Parameters<typeof toast>[0][] = [];

export type ToastInput = { title: string; description?: string; intent?: Intent; timeout?: number };

export function toast({ title, description, intent, timeout = 5000 }: ToastInput): void {
  if (!toaster) {
    pending.push({ title, description, intent, timeout });
    requestOverlay?.();
    return;
  }
  toaster.show({
    intent,
    timeout,
    message: (
      <div className="toast-body" role="status">
        <strong className="toast-title">{title}</strong>
        {description ? <div className="toast-description">{description}</div> : null}
      </div>
    ),
  });
}

/** Destructive toasts (spec "Error" toasts). */
export const toastError = (title: string, description?: string) => toast({ title, description, intent: 'danger' });

export function AppToaster() {
  const [wanted, setWanted] = useState(pending.length > 0);
  useEffect(() => {
    requestOverlay = () => setWanted(true);
    if (pending.length > 0) setWanted(true);
    return () => {
      requestOverlay = null;
    };
  }, []);
  // F8 moves focus to the notification area, as in the original app.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const first = document.querySelector<HTMLElement>('.app-toaster .bp6-toast');
      if (first) {
        event.preventDefault();
        first.setAttribute('tabindex', '-1');
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    wanted ? (
      <Suspense fallback={null}>
        <ToasterOverlay
          onReady={(instance) => {
            toaster = instance;
            while (instance && pending.length > 0) toast(pending.shift()!);
          }}
        />
      </Suspense>
    ) : null
  );
}

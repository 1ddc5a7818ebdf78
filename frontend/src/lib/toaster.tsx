import type { Intent, Toaster } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAppStylesheets } from './islands/app-stylesheets';

// The overlay code loads with the first toast, not with every page's first load (on a visitor's
// island page, with the app's stylesheets).
const ToasterOverlay = lazy(() => Promise.all([import('./toaster-overlay'), loadAppStylesheets()]).then(([module]) => module));
let requestOverlay: (() => void) | null = null;

/** Spec §9: one toast at a time, shown 5 s by default (10 s when it offers an action). */
let toaster: Toaster | null = null;
/** Toasts asked for before the overlay was ready, each with the call to make once it is shown. */
const pending: { input: ToastInput; shown: () => void }[] = [];

/** A button in the toast (e.g. "Undo"); pressing it also closes the toast. */
export type ToastAction = { text: string; onClick: () => void };

export type ToastInput = { title: string; description?: string; intent?: Intent; timeout?: number; action?: ToastAction };

/** How long a toast stays, unless it says: an action needs time to be read and pressed. */
const defaultTimeout = (action: ToastAction | undefined) => (action ? 10_000 : 5000);

export function toast(input: ToastInput): void {
  void showToast(input);
}

/**
 * The toast, resolved once it is on the screen: the first toast waits for the overlay's code, so
 * whatever must follow the toast by a set time (the move home after "Account Deleted") counts from here.
 */
export function showToast(input: ToastInput): Promise<void> {
  return new Promise((shown) => {
    if (!toaster) {
      pending.push({ input, shown });
      requestOverlay?.();
      return;
    }
    display(toaster, input);
    shown();
  });
}

function display(toaster: Toaster, { title, description, intent, action, timeout = defaultTimeout(action) }: ToastInput): void {
  toaster.show({
    intent,
    timeout,
    action,
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
            while (instance && pending.length > 0) {
              const { input, shown } = pending.shift()!;
              display(instance, input);
              shown();
            }
          }}
        />
      </Suspense>
    ) : null
  );
}

import './ideas-trial-screen.css';
import { type ComponentType, type MouseEvent, Suspense, useMemo } from 'react';
import { PlainLargeIcon } from '../../../components/plain/plain-ui';
import { type PendingIdeas, pendingIdeas } from '../../../lib/pending-generation';
import { useHydrated } from '../../../lib/prerender';

/**
 * /ideas-trial (spec §2): a visitor's trial ideas from session storage, with no Blueprint or router
 * code of its own (a visitor's page hydrates it as an island): the ideas themselves are
 * `TrialIdeas`, which the app gives as it is and the island loads on demand. With no ideas, a
 * way to get some. `onNavigate`: in the app a plain click on its link navigates without reloading.
 */
export function IdeasTrialView({ TrialIdeas, onNavigate }: { TrialIdeas: ComponentType<{ trial: PendingIdeas }>; onNavigate?: (to: string) => void }) {
  // Session storage is the browser's: a prerendered page shows only the title until it is read.
  const hydrated = useHydrated();
  const trial = useMemo(() => (hydrated ? pendingIdeas.read() : undefined), [hydrated]);
  const titleOnly = (
    <div className="page">
      <h1 className="page-title">Your Income Ideas</h1>
    </div>
  );

  if (trial === undefined) return titleOnly;
  if (!trial || trial.ideas.length === 0) {
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onNavigate('/');
    };
    return (
      <div className="page">
        <h1 className="page-title">Your Income Ideas</h1>
        <div className="bp6-non-ideal-state bp6-non-ideal-state-vertical">
          <div className="bp6-non-ideal-state-visual" style={{ fontSize: '48px', lineHeight: '48px' }}>
            <PlainLargeIcon icon="lightbulb" size={48} muted />
          </div>
          <div className="bp6-non-ideal-state-text">
            {/* An h2 right after the page's h1 (heading order). */}
            <div>
              <h2 className="bp6-heading non-ideal-title">No Ideas Yet</h2>
              <p>Tell us your skill and get income ideas in seconds.</p>
            </div>
          </div>
          <a role="link" className="bp6-button bp6-intent-primary" href="/" onClick={follow}>
            <span className="bp6-button-text">Get Started</span>
          </a>
        </div>
      </div>
    );
  }
  return (
    <Suspense fallback={titleOnly}>
      <TrialIdeas trial={trial} />
    </Suspense>
  );
}

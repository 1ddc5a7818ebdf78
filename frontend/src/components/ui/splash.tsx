import './splash.css';
/** Shown by the protected-route guard while the session resolves (spec §2). */
export function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash-brand">Skilly</div>
      <div className="splash-tagline">Powered by AI, Operated by Humans</div>
      <div className="bouncing-dots" aria-label="Loading">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}

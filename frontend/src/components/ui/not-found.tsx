import './not-found.css';
import { Link } from 'react-router-dom';
import { RouterButton } from './router-button';

/** Spec §8: unknown routes, and pages a member's role does not open (`RequireRole`). */
export function NotFound() {
  return (
    <div className="not-found">
      <div className="not-found-code" aria-hidden="true">
        404
      </div>
      <h1 className="not-found-title">Oops! You've wandered off the path</h1>
      <p className="not-found-text">
        The page you're looking for seems to have vanished into thin air. Don't worry though, even the best explorers get lost
        sometimes!
      </p>
      <p>
        <Link to="/">Take me home</Link>
      </p>
      <RouterButton to="/" intent="primary" size="large" icon="home" text="Back to Home" />
    </div>
  );
}

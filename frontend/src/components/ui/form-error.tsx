import './form-error.css';
import { PlainCallout } from '../plain/plain-ui';

/** The one message a form shows at a time (spec §5: e.g. "Please fill in all fields"). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <PlainCallout intent="danger" icon="error" className="form-error" role="alert">
      {message}
    </PlainCallout>
  );
}

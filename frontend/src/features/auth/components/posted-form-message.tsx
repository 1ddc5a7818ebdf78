import type { FormNotice } from '@contracts/form-posts';
import { PlainCallout } from '../../../components/plain/plain-ui';
import { FormError } from '../../../components/ui/form-error';

/**
 * The form's one message: its own error once the app has checked or sent it, else what the
 * server said about this form posted before the scripts ran (a refusal, or what happened).
 */
export function PostedFormMessage({ notice, error }: { notice: FormNotice | null; error: string | undefined }) {
  if (error || !notice || notice.intent === 'danger') return <FormError message={error ?? notice?.message} />;
  return (
    <PlainCallout intent="success" icon="tick-circle" className="form-error" role="status">
      {notice.message}
    </PlainCallout>
  );
}

import { Callout } from '@blueprintjs/core';
import type { PostedForm } from '@contracts/form-posts';
import { FormError } from '../../../components/ui/form-error';
import { useFormNotice } from '../api/form-notice';

/**
 * The form's one message: its own error once the app has checked or sent it, else what the
 * server said about the same form posted before the scripts ran (a refusal, or what happened).
 */
export function PostedFormMessage({ form, error }: { form: PostedForm; error: string | undefined }) {
  const notice = useFormNotice(form);
  if (error || !notice || notice.intent === 'danger') return <FormError message={error ?? notice?.message} />;
  return (
    <Callout intent="success" icon="tick-circle" className="form-error" role="status">
      {notice.message}
    </Callout>
  );
}

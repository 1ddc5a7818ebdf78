import './auth.css';
import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { RouterButton } from '../../../components/ui/router-button';
import { errorMessage } from '../../../lib/api-client';
import { useEmailLink, type EmailLinkKind } from '../api/email-links';

const wording: Record<EmailLinkKind, { action: string; failure: string }> = {
  'confirm-email': { action: 'Confirm my email address', failure: 'Failed to confirm your email address' },
  'restore-email': { action: 'Put my email address back', failure: 'Failed to put your email address back' },
};

/**
 * What an emailed link opens: /confirm-email?token=… confirms at once; /restore-email?token=…
 * waits for the button (it signs everyone out, so a mail scanner opening the page does nothing).
 */
export function EmailLinkPanel({ kind, token }: { kind: EmailLinkKind; token: string | null }) {
  const link = useEmailLink(kind);
  const started = useRef(false);
  useEffect(() => {
    if (kind !== 'confirm-email' || !token || started.current) return;
    started.current = true;
    link.mutate(token);
  }, [kind, token, link]);

  if (!token) {
    return (
      <Callout intent="warning" title="This link is incomplete">
        <p>Open the link from the email again.</p>
        <RouterButton to="/" text="Go to the home page" />
      </Callout>
    );
  }
  if (link.isSuccess) {
    return (
      <Callout intent="success" title={kind === 'confirm-email' ? 'Email address confirmed' : 'Email address restored'}>
        <p>{link.data.message}</p>
        {kind === 'confirm-email' ? (
          <RouterButton to="/dashboard" text="Go to my dashboard" />
        ) : (
          <RouterButton to="/auth?tab=signin" text="Go to Sign In" />
        )}
      </Callout>
    );
  }
  if (link.isError) {
    return (
      <Callout intent="danger" title={wording[kind].failure}>
        <p>{errorMessage(link.error, wording[kind].failure)}</p>
        <RouterButton to="/" text="Go to the home page" />
      </Callout>
    );
  }
  if (kind === 'confirm-email') return <p aria-live="polite">Confirming your email address…</p>;
  return (
    <div className="auth-form">
      <p>
        This puts this email address back on your Skilly account and signs everyone out of it, whoever changed it. Then choose a new password with
        “Forgot password”.
      </p>
      <Button intent="primary" fill loading={link.isPending} text={wording[kind].action} onClick={() => link.mutate(token)} />
    </div>
  );
}

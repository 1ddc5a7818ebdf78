import { Card } from '@blueprintjs/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { EmailLinkPanel } from '../features/auth/components/email-link-panel';

/** Opened from the welcome email (/confirm-email?token=…) or an email change notice (/restore-email?token=…). */
export default function EmailLinkPage() {
  const [params] = useSearchParams();
  const kind = useLocation().pathname.startsWith('/restore-email') ? 'restore-email' : 'confirm-email';
  return (
    <div className="auth-page">
      <Card className="auth-card" elevation={2}>
        <div className="auth-header">
          <div className="auth-brand">Skilly</div>
          <h1 className="auth-title">{kind === 'confirm-email' ? 'Confirm your email address' : 'Put your email address back'}</h1>
        </div>
        <EmailLinkPanel kind={kind} token={params.get('token')} />
      </Card>
    </div>
  );
}

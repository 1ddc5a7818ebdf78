import { Card } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';

/** Opened from the password-reset email: /reset-password?token=… */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <div className="auth-page">
      <Card className="auth-card" elevation={2}>
        <div className="auth-header">
          <div className="auth-brand">Skilly</div>
          <h1 className="auth-title">Choose a new password</h1>
        </div>
        <ResetPasswordForm token={params.get('token')} />
      </Card>
    </div>
  );
}

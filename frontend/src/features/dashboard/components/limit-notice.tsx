import './dashboard-notice.css';
import { Button, Callout } from '@blueprintjs/core';
import { RouterButton } from '../../../components/ui/router-button';

const what: Record<string, string> = {
  idea: 'idea generations',
  plan: 'plans',
  milestone: 'milestone credits',
  help: 'help requests',
};

const titles: Record<string, string> = {
  idea: 'Idea limit reached',
  plan: 'Plan limit reached',
  milestone: 'Milestone limit reached',
  help: 'Help limit reached',
};

/** Spec §8: free codes offer the upgrade; `_pro` codes wait for next month's reset; anything else is generic. */
export function limitNoticeFor(code: string): { title: string; message: string; upgrade: boolean } {
  const match = /^(idea|plan|milestone|help)_limit(_pro)?$/.exec(code);
  if (!match) return { title: 'Limit reached', message: 'You have reached a credit limit.', upgrade: false };
  const [, kind, pro] = match as unknown as [string, string, string | undefined];
  if (pro) {
    return {
      title: titles[kind]!,
      message: `You've used all your Pro ${what[kind]} for this month. Your credits reset next month.`,
      upgrade: false,
    };
  }
  return {
    title: titles[kind]!,
    message: `You've used all your free ${what[kind]} for this month. Upgrade to Pro for more every month.`,
    upgrade: true,
  };
}

export function LimitNotice({ code, onDismiss }: { code: string; onDismiss: () => void }) {
  const notice = limitNoticeFor(code);
  return (
    <Callout intent="warning" icon="warning-sign" title={notice.title} className="dashboard-notice" role="alert" data-testid="limit-notice">
      <p>{notice.message}</p>
      <div className="dashboard-notice-actions">
        {notice.upgrade ? <RouterButton to="/upsell" intent="primary" icon="star" text="Upgrade to Pro" /> : null}
        <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
      </div>
    </Callout>
  );
}

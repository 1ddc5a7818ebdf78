import './usage-cards.css';
import { Button, Callout, Card, Classes, Icon, type IconName, ProgressBar } from '@blueprintjs/core';
import type { CreditKindName, CreditsResponse } from '@contracts/credits';
import { useCredits } from '../api/get-credits';
import { CreditsCountdown } from './credits-countdown';

const cards: { kind: CreditKindName; title: string; unit: string; icon: IconName }[] = [
  { kind: 'idea', title: 'Ideas', unit: 'ideas used', icon: 'lightbulb' },
  { kind: 'plan', title: 'Plans', unit: 'plans used', icon: 'map' },
  { kind: 'milestone', title: 'Milestone Credits', unit: 'milestone credits used', icon: 'flag' },
  { kind: 'help', title: 'Help Credits', unit: 'help credits used', icon: 'help' },
];

function UsageCard({ credits, kind, title, unit, icon }: { credits: CreditsResponse; kind: CreditKindName; title: string; unit: string; icon: IconName }) {
  const used = credits.used[kind];
  const allowance = credits.allowances[kind];
  const granted = credits.granted[kind];
  const total = allowance + granted;
  const spent = total > 0 && credits.balances[kind] === 0;
  return (
    <Card className="usage-card" elevation={1} data-testid={`usage-${kind}`}>
      <div className="usage-card-title">
        <Icon icon={icon} />
        <span>{title}</span>
      </div>
      <div className="usage-card-count" aria-label={`${used}/${allowance} ${unit}`}>
        <span className="usage-card-used">
          {used}/{allowance}
        </span>{' '}
        <span className="muted">{unit}</span>
      </div>
      <ProgressBar value={total > 0 ? Math.min(1, used / total) : 0} intent={spent ? 'danger' : 'primary'} stripes={false} animate={false} />
      <div className="usage-card-foot muted">
        {granted > 0 ? `+${granted} extra granted · ` : ''}
        {credits.balances[kind]} left
      </div>
    </Card>
  );
}

/** Spec §2: the four usage cards and the countdown to the monthly reset. */
export function UsageCards() {
  const credits = useCredits();
  if (credits.isPending) {
    return (
      <div className="usage-cards" aria-busy="true">
        {cards.map((card) => (
          <Card key={card.kind} className={`usage-card ${Classes.SKELETON}`} elevation={1} />
        ))}
      </div>
    );
  }
  if (credits.isError) {
    return (
      <Callout intent="danger" icon="error" title="Failed to load your credits">
        <Button icon="refresh" text="Retry" loading={credits.isFetching} onClick={() => void credits.refetch()} />
      </Callout>
    );
  }
  return (
    <section className="usage" aria-labelledby="usage-title">
      <div className="usage-header">
        <h2 id="usage-title" className="dashboard-section-title">
          Your monthly credits
        </h2>
        <div className="usage-reset">
          <Icon icon="time" />
          <span className="muted">Credits reset in</span> <CreditsCountdown resetAt={credits.data.creditsResetAt} />
        </div>
      </div>
      <div className="usage-cards">
        {cards.map((card) => (
          <UsageCard key={card.kind} credits={credits.data} {...card} />
        ))}
      </div>
    </section>
  );
}

import './stat-card.css';
import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** One figure of an admin screen (the Dashboard tab, the user view): its label and value. */
export function StatCard({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <Card className="stat-card" elevation={1} data-testid="stat-card" data-label={label}>
      <span className="stat-card-label">{label}</span>
      <strong className="stat-card-value">{value}</strong>
      {hint ? <span className="stat-card-hint">{hint}</span> : null}
    </Card>
  );
}

/** A grid of stat cards, as many per row as fit (two on a phone). */
export function StatCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stat-cards" role="group" aria-label={label}>
      {children}
    </div>
  );
}

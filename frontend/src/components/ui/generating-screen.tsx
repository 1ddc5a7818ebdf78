import './generating-screen.css';
import { Card, Icon, ProgressBar } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export type GeneratingPhase = { kind: 'working'; status: ReactNode } | { kind: 'complete' } | { kind: 'failed'; title: string };

/** The page around a generating screen (and around what it says instead, e.g. "please sign in"). */
export function GeneratingPage({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `page generating-page ${className}` : 'page generating-page'}>{children}</div>;
}

/**
 * /generating (member-product §2, §4): the title, what is being turned into what, and a card whose
 * status line says "Generation Complete", the failure, or what the server is doing, above a
 * progress bar and the text being written (`children`). `badge` sits at the end of the status line.
 */
export function GeneratingScreen({
  className,
  title,
  subtitle,
  phase,
  badge,
  children,
}: {
  className?: string;
  title: string;
  subtitle?: ReactNode;
  phase: GeneratingPhase;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const running = phase.kind === 'working';
  return (
    <GeneratingPage className={className}>
      <h1 className="page-title">{title}</h1>
      {subtitle ? <p className="muted generating-subtitle">{subtitle}</p> : null}
      <Card className="generating-card" elevation={1}>
        <div className="generating-status" role="status" aria-live="polite">
          {phase.kind === 'complete' ? (
            <>
              <Icon icon="tick-circle" intent="success" size={20} />
              <strong>Generation Complete</strong>
            </>
          ) : phase.kind === 'failed' ? (
            <>
              <Icon icon="error" intent="danger" size={20} />
              <strong>{phase.title}</strong>
            </>
          ) : (
            <span>{phase.status}</span>
          )}
          {badge}
        </div>
        <ProgressBar
          intent={phase.kind === 'complete' ? 'success' : phase.kind === 'failed' ? 'danger' : 'primary'}
          value={running ? undefined : 1}
          stripes={running}
          animate={running}
        />
        {children}
      </Card>
    </GeneratingPage>
  );
}

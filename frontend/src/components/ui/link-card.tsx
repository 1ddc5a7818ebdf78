import './link-card.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A list of bordered cards, each one link (the dashboard's recent ideas and action plans). */
export function LinkCardList({ children }: { children: ReactNode }) {
  return <ul className="link-card-list">{children}</ul>;
}

/** One card of a `LinkCardList`: its title, a muted line of facts (`meta`), and anything below (`children`). */
export function LinkCard({ to, title, meta, testId, children }: { to: string; title: ReactNode; meta: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <li>
      <Link to={to} className="link-card" data-testid={testId}>
        <span className="link-card-title">{title}</span>
        <span className="link-card-meta muted">{meta}</span>
        {children}
      </Link>
    </li>
  );
}

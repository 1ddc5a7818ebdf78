import type { ReactNode } from 'react';

/** Screens built by later issues show only their route's heading until then. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}

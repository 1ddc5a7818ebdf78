import './legal-page.css';
import type { ReactNode } from 'react';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** 'Last Updated' shows the current date (§2), day, long month and year (en-GB). */
export const lastUpdated = (now = new Date()) => now.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** A static policy page: its title, 'Last Updated', and its sections in order. */
export function LegalPage({ title, sections }: { title: string; sections: readonly LegalSection[] }) {
  return (
    <article className="legal-page">
      <h1>{title}</h1>
      <p className="legal-updated">Last Updated: {lastUpdated()}</p>
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`legal-${index}`}>
          <h2 id={`legal-${index}`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}

import { HTMLTable, Icon } from '@blueprintjs/core';
import { monthlyAllowances } from '@contracts/allowances';
import type { ReactNode } from 'react';

type Counts = (typeof monthlyAllowances)['pro'];

/** The monthly allowances in words, from the one policy (domain/credits/allowances.ts through @contracts/allowances). */
const allowanceRows: { label: string; of: (counts: Counts) => number; unit: [string, string] }[] = [
  { label: 'Idea sets a month', of: (c) => c.idea, unit: ['idea set', 'idea sets'] },
  { label: 'Action plans a month', of: (c) => c.plan, unit: ['action plan', 'action plans'] },
  { label: 'Milestone credits a month', of: (c) => c.milestone, unit: ['milestone credit', 'milestone credits'] },
  { label: 'Help requests a month', of: (c) => c.help, unit: ['help request', 'help requests'] },
];

const allowanceLines = (counts: Counts) =>
  allowanceRows.map(({ of, unit }) => {
    const n = of(counts);
    return `${n} ${unit[n === 1 ? 0 : 1]} a month`;
  });

/** Spec §9: what Pro adds besides its allowances. */
const proOnly = ['Custom idea prompt tools: skill level, hours, income goal, timeline and resume', 'Live 1-on-1 sessions', 'Resources library (coming soon)'];

function FeatureList({ title, items, pro = false }: { title: string; items: string[]; pro?: boolean }) {
  return (
    <section className={`upsell-feature-list${pro ? ' is-pro' : ''}`} aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <Icon icon="tick" intent={pro ? 'success' : 'none'} size={14} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec §2/§9: what each tier includes, side by side. */
export function FeatureLists() {
  return (
    <div className="upsell-feature-lists">
      <FeatureList title="Everything in Pro" items={[...allowanceLines(monthlyAllowances.pro), ...proOnly]} pro />
      <FeatureList title="Free Forever" items={[...allowanceLines(monthlyAllowances.free), 'AI income ideas and 7-day action plans', 'Support tickets']} />
    </div>
  );
}

const yes = <Icon icon="tick" intent="success" title="Included" />;
const no = <Icon icon="cross" className="muted" title="Not included" />;

/** Spec §2: the Free vs Pro comparison table; the allowance rows come from the one policy. */
export function PlanComparison({ proPrice }: { proPrice: string }) {
  const rows: { label: string; free: ReactNode; pro: ReactNode }[] = [
    { label: 'Price', free: 'Free Forever', pro: proPrice },
    ...allowanceRows.map(({ label, of }) => ({ label, free: of(monthlyAllowances.free), pro: of(monthlyAllowances.pro) })),
    { label: 'Custom idea prompt tools', free: no, pro: yes },
    { label: 'Live 1-on-1 sessions', free: no, pro: yes },
    { label: 'Resources library', free: no, pro: 'Coming soon' },
  ];
  return (
    <div className="upsell-comparison-scroll">
      <HTMLTable className="upsell-comparison" striped aria-label="Free vs Pro">
        <thead>
          <tr>
            <th scope="col">Feature</th>
            <th scope="col">Free</th>
            <th scope="col">Pro</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.free}</td>
              <td>{row.pro}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

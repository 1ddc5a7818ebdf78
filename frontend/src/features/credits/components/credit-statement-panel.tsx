import './credit-statement-panel.css';
import { Button, Callout, Card, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import type { CreditCountsDto, CreditKindName, CreditStatementLineDto } from '@contracts/credits';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadingText } from '../../../components/ui/loading-text';
import { useCreditStatement } from '../api/get-credit-statement';
import { allowancesText, creditAmount, tierLabel } from './credit-labels';

const PAGE = 10;
const creditKindNames: CreditKindName[] = ['idea', 'plan', 'milestone', 'help'];

/** Amounts are signed on the statement: a spend is negative, refunds and grants positive. */
const changeTag = (amount: number) => (
  <Tag minimal intent={amount < 0 ? 'danger' : 'success'}>{amount < 0 ? `−${Math.abs(amount)}` : `+${amount}`}</Tag>
);

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
};
const day = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
};

/** What a spend or refund paid for, linked where the member can see it. */
function paidFor(line: Extract<CreditStatementLineDto, { type: 'spent' | 'refunded' }>): ReactNode {
  const { ideaSetId, planId, milestoneId, taskId } = line.paidFor;
  if (ideaSetId) return <Link to={`/ideas?scroll=${encodeURIComponent(ideaSetId)}`}>an idea set</Link>;
  if (planId) return <Link to={`/plan/${encodeURIComponent(planId)}`}>a plan</Link>;
  if (milestoneId) return 'a milestone';
  if (taskId) return 'help with a task';
  return null;
}

const grantTags = (counts: CreditCountsDto) => (
  <span className="credit-grants">
    {creditKindNames
      .filter((kind) => counts[kind] > 0)
      .map((kind) => (
        <Tag key={kind} minimal intent="success">
          +{counts[kind]} {kind}
        </Tag>
      ))}
  </span>
);

const balanceText = (counts: CreditCountsDto) =>
  creditKindNames.map((kind) => creditAmount(counts[kind], kind)).join(', ') + ' left';

function describe(line: CreditStatementLineDto): { entry: ReactNode; change: ReactNode; balance: ReactNode } {
  switch (line.type) {
    case 'opened':
      return {
        entry: (
          <>
            <strong>Credits opened</strong> ({tierLabel(line.tier)}): {allowancesText(line.allowances)}; next reset {day(line.resetAt)}
          </>
        ),
        // The opening grants the whole allowance: that is both the change and the balance.
        change: grantTags(line.allowances),
        balance: balanceText(line.allowances),
      };
    case 'reset':
      return {
        entry: (
          <>
            <strong>Monthly reset</strong> ({tierLabel(line.tier)}): {allowancesText(line.allowances)}; next reset {day(line.resetAt)}
          </>
        ),
        change: null,
        balance: null,
      };
    case 'tier_changed':
      return {
        entry: (
          <>
            <strong>
              Plan changed from {tierLabel(line.from)} to {tierLabel(line.to)}
            </strong>
            : {allowancesText(line.allowances)}
          </>
        ),
        change: null,
        balance: null,
      };
    case 'spent': {
      const what = paidFor(line);
      return {
        entry: (
          <>
            <strong>Spent {creditAmount(Math.abs(line.amount), line.kind)}</strong>
            {what ? <> for {what}</> : null}
          </>
        ),
        change: changeTag(line.amount),
        balance: creditAmount(line.balanceAfter, line.kind) + ' left',
      };
    }
    case 'refunded': {
      const what = paidFor(line);
      return {
        entry: (
          <>
            <strong>Refunded {creditAmount(Math.abs(line.amount), line.kind)}</strong>
            {what ? <> for {what}</> : null}
            {line.reason ? <span className="muted">: {line.reason}</span> : null}
          </>
        ),
        change: changeTag(line.amount),
        balance: creditAmount(line.balanceAfter, line.kind) + ' left',
      };
    }
    case 'granted':
      return {
        entry: (
          <>
            <strong>Granted {creditAmount(Math.abs(line.amount), line.kind)}</strong>
            {line.reason ? <span className="muted">: {line.reason}</span> : null}
          </>
        ),
        change: changeTag(line.amount),
        balance: creditAmount(line.balanceAfter, line.kind) + ' left',
      };
    default: {
      const unknown: never = line;
      return { entry: String((unknown as { type: string }).type), change: null, balance: null };
    }
  }
}

/** The member's credit ledger as a statement: grants, spends, refunds and resets, newest first. */
export function CreditStatementPanel() {
  const statement = useCreditStatement();
  const [showAll, setShowAll] = useState(false);

  let body: ReactNode;
  if (statement.isPending) body = <LoadingText />;
  else if (statement.isError)
    body = (
      <Callout intent="danger" icon="error" title="Failed to load your credit statement">
        <Button icon="refresh" text="Retry" loading={statement.isFetching} onClick={() => void statement.refetch()} />
      </Callout>
    );
  else if (statement.data.entries.length === 0) body = <NonIdealState icon="history" title="No credit activity yet" />;
  else {
    const entries = showAll ? statement.data.entries : statement.data.entries.slice(0, PAGE);
    body = (
      <>
        <div className="table-scroll">
          <HTMLTable className="credit-statement-table" compact striped>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Entry</th>
                <th scope="col">Change</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((line) => {
                const { entry, change, balance } = describe(line);
                return (
                  <tr key={line.id} data-testid="statement-line">
                    <td className="credit-statement-date">{when(line.at)}</td>
                    <td>{entry}</td>
                    <td>{change}</td>
                    <td className="muted">{balance}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
        {statement.data.entries.length > PAGE ? (
          <Button variant="minimal" icon={showAll ? 'chevron-up' : 'chevron-down'} onClick={() => setShowAll((all) => !all)}>
            {showAll ? 'Show fewer' : `Show all ${statement.data.entries.length} entries`}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <Card className="credit-statement" elevation={1} aria-labelledby="credit-statement-title" role="region">
      <h2 id="credit-statement-title" className="dashboard-section-title">
        Credit statement
      </h2>
      {body}
    </Card>
  );
}

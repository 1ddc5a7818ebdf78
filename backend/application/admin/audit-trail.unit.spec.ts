import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/shared/actor';
import type { RecordedEvent } from '../ports/event-store';
import { auditTrail, type ContentNames, readableReason } from './audit-trail';

let position = 0;
function recorded(type: string, data: Record<string, unknown>, actor: Actor = { kind: 'system', name: 'credits' }): RecordedEvent {
  position += 1;
  return {
    eventId: `e${position}`,
    type,
    schemaVersion: 1,
    streamName: 'stream',
    streamVersion: position,
    globalPosition: position,
    position: { commit: position, prepare: position },
    occurredAt: new Date(Date.UTC(2026, 10, 1, 0, position)),
    actor,
    causationId: `c${position}`,
    correlationId: `r${position}`,
    data,
  };
}

const content: ContentNames = {
  ideaSets: new Map([['set-1', 'watercolour pet portraits']]),
  plans: new Map([['plan-1', 'Pet portraits on Etsy']]),
  milestones: new Map([['ms-1', 'Open the shop']]),
  tasks: new Map([['task-1', 'Write the shop description']]),
};
const summaries = (events: RecordedEvent[]) => auditTrail(events, new Map(), content).map((entry) => entry.summary).reverse();

describe("the admin's audit trail, as a person reads it", () => {
  it('says "an idea credit" and names what a credit paid for by its current name, never by its id', () => {
    const lines = summaries([
      recorded('CreditConsumed', { consumptionId: 'k1', kind: 'idea', paidFor: { ideaSetId: 'set-1' }, balanceAfter: 2 }),
      recorded('CreditRefunded', { consumptionId: 'k1', kind: 'idea', paidFor: { ideaSetId: 'set-1' }, reason: 'generation_abandoned', balanceAfter: 3 }),
      recorded('CreditConsumed', { consumptionId: 'k2', kind: 'plan', paidFor: { planId: 'plan-1' }, balanceAfter: 2 }),
      recorded('CreditConsumed', { consumptionId: 'k3', kind: 'milestone', paidFor: { milestoneId: 'ms-1' }, balanceAfter: 4 }),
      recorded('CreditConsumed', { consumptionId: 'k4', kind: 'help', paidFor: { taskId: 'task-1' }, balanceAfter: 4 }),
      recorded('CreditConsumed', { consumptionId: 'k5', kind: 'plan', paidFor: { planId: 'plan-gone' }, balanceAfter: 1 }),
    ]);
    expect(lines).toEqual([
      'Spent an idea credit for ideas for “watercolour pet portraits”',
      'Refunded an idea credit for ideas for “watercolour pet portraits”',
      'Spent a plan credit for the plan “Pet portraits on Etsy”',
      'Spent a milestone credit for the milestone “Open the shop”',
      'Spent a task help credit for help with the task “Write the shop description”',
      'Spent a plan credit for a plan since deleted',
    ]);
    expect(lines.join('\n')).not.toMatch(/set-1|plan-1|ms-1|task-1|plan-gone/);
  });

  it('names the Pro subscription instead of the provider id, and writes dates and tiers in words', () => {
    const lines = summaries([
      recorded('CreditPeriodStarted', { tier: 'pro', allowances: {}, periodStart: '2026-11-01T00:00:00.000Z', resetAt: '2026-12-01T00:00:00.000Z' }),
      recorded('SubscriptionActivated', { subscriptionId: 'sub_123', customerId: 'cus_1', mode: 'test', currentPeriodEnd: null }),
      recorded('SubscriptionCancellationScheduled', { subscriptionId: 'sub_123', endsAt: '2026-12-01T00:00:00.000Z' }),
      recorded('SubscriptionSuspended', { subscriptionId: 'sub_123', status: 'past_due' }),
      recorded('SubscriptionEnded', { subscriptionId: 'sub_123' }),
    ]);
    expect(lines).toEqual([
      'New credit period on the Pro tier, until 1 December 2026',
      'Pro subscription started (test mode)',
      'Pro subscription cancelled: it ends on 1 December 2026',
      'Pro subscription suspended (past due)',
      'Pro subscription ended',
    ]);
    expect(lines.join('\n')).not.toContain('sub_123');
  });

  it('gives the reasons the system stores as codes in words, and keeps what a person typed as typed', () => {
    const [change] = auditTrail(
      [recorded('UserRoleChanged', { from: 'free', to: 'pro', reason: 'subscription_active', subscriptionId: 'sub_1' }, { kind: 'system', name: 'billing' })],
      new Map(),
      content,
    );
    expect(change).toMatchObject({ summary: 'Role changed from free to pro', reason: 'The Pro subscription became active', actor: { name: 'Billing' } });

    expect(readableReason('subscription_ended')).toBe('The Pro subscription ended');
    expect(readableReason('generation_abandoned')).toBe('The generation never finished, so the credit was given back');
    expect(readableReason('plan generation failed (timeout)')).toBe('The plan generation failed: the AI took too long to answer');
    expect(readableReason('Idea generation failed (parse_error)')).toBe("The idea generation failed: the AI's answer could not be read");
    expect(readableReason('milestone generation failed (plan_not_found)')).toBe('The milestone generation failed: plan not found');
    expect(readableReason('some_new_code')).toBe('Some new code');
    expect(readableReason('Helps on the forum')).toBe('Helps on the forum');
  });
});

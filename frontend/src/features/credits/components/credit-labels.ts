import type { CreditCountsDto, CreditKindName } from '@contracts/credits';

const names: Record<CreditKindName, [string, string]> = {
  idea: ['idea credit', 'idea credits'],
  plan: ['plan credit', 'plan credits'],
  milestone: ['milestone credit', 'milestone credits'],
  help: ['help credit', 'help credits'],
};

export const creditAmount = (amount: number, kind: CreditKindName) => `${amount} ${names[kind][amount === 1 ? 0 : 1]}`;

export const allowancesText = (counts: CreditCountsDto) =>
  `${counts.idea} idea ${counts.idea === 1 ? 'set' : 'sets'}, ${counts.plan} ${counts.plan === 1 ? 'plan' : 'plans'}, ` +
  `${counts.milestone} milestone ${counts.milestone === 1 ? 'credit' : 'credits'}, ${counts.help} help ${counts.help === 1 ? 'request' : 'requests'} a month`;

export const tierLabel = (tier: 'free' | 'pro') => (tier === 'pro' ? 'Pro' : 'Free Forever');

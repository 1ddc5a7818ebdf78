import type { ApiCostDto, apiCostPeriods } from '../contracts/admin-stats';
import type { AiSettings } from '../ai/ai-settings';
import type { AdminStatsReads } from '../ports/admin-stats-reads';
import type { Clock } from '../ports/system';
import { utcMonthStartOf } from './admin-stats';

/**
 * GET /api/admin/api-cost (back-office §2 API cost panel): the tokens of every recorded AI call
 * (`AiCallRecorded`, summed per UTC day by the admin-stats read model), priced with the token
 * costs configured now. `month` is the current UTC month.
 */

export type ApiCostPeriod = (typeof apiCostPeriods)[number];

export interface ApiCostDeps {
  reads: Pick<AdminStatsReads, 'dayTotals'>;
  /** The configured prices (USD per million tokens). */
  prices(): Promise<Pick<AiSettings, 'inputTokenCostPer1M' | 'outputTokenCostPer1M'>>;
  clock: Clock;
}

/** USD, rounded to a millionth of a dollar. */
export function priceTokens(inputTokens: number, outputTokens: number, prices: Pick<AiSettings, 'inputTokenCostPer1M' | 'outputTokenCostPer1M'>) {
  const usd = (inputTokens * prices.inputTokenCostPer1M) / 1e6 + (outputTokens * prices.outputTokenCostPer1M) / 1e6;
  return Math.round(usd * 1e6) / 1e6;
}

export function createApiCostService({ reads, prices, clock }: ApiCostDeps) {
  return {
    async apiCost(period: ApiCostPeriod = 'all'): Promise<ApiCostDto> {
      const [totals, price] = await Promise.all([reads.dayTotals(period === 'month' ? utcMonthStartOf(clock.now()) : undefined), prices()]);
      return {
        period,
        totalCost: priceTokens(totals.inputTokens, totals.outputTokens, price),
        inputTokens: totals.inputTokens,
        outputTokens: totals.outputTokens,
      };
    },
  };
}

import { describe, expect, it } from 'vitest';
import { billingStream, isSimulatedPayment } from './billing-events';

describe('billing events', () => {
  it('live in one "billing-{userId}" stream per member', () => {
    expect(billingStream.name('user-ada')).toBe('billing-user-ada');
    expect(billingStream.idOf('billing-user-ada')).toBe('user-ada');
  });

  it("tell a simulated gateway's payment (sim_ ids) from a provider's", () => {
    expect(isSimulatedPayment('sim_in_123')).toBe(true);
    expect(isSimulatedPayment('in_123')).toBe(false);
    expect(isSimulatedPayment('in_sim_123')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { minimumPaidUp, paidUpProblem } from './paid-up';

describe("a subscriber's amount paid in at formation", () => {
  it('is below the minimum under the fraction of their own subscription, rounded up to the cent', () => {
    expect(minimumPaidUp(333.33, 0.5)).toBe(166.67);
    expect(paidUpProblem(500, 0, 0.5)).toEqual({ code: 'paidMinimum', minimum: 250 });
    expect(paidUpProblem(333.33, 166.66, 0.5)).toEqual({ code: 'paidMinimum', minimum: 166.67 });
    expect(paidUpProblem(333.33, 166.67, 0.5)).toBeNull();
    expect(paidUpProblem(1000, 200, 0.2)).toBeNull();
  });

  it('is never above the subscription, and has no minimum where the law sets none (Romania)', () => {
    expect(paidUpProblem(1000, 1000.01, 0.5)).toEqual({ code: 'paidOverSubscription' });
    expect(paidUpProblem(500, 0, 0)).toBeNull();
    expect(paidUpProblem(500, 600, 0)).toEqual({ code: 'paidOverSubscription' });
  });
});

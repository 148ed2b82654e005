/**
 * What one subscriber pays in at formation against their own subscription: the filing check's rule
 * (filing-check.ts, `paidOverSubscription` and `paidMinimum`), which the wizard assistant applies too, so
 * that the assistant never calls a file fine that the check blocks. Amounts in the currency, counted in cents.
 */

const cents = (value: number) => Math.round(value * 100);

/** The least a subscriber pays in at formation: `fraction` of their subscription, rounded up to the cent. */
export function minimumPaidUp(subscription: number, fraction: number): number {
  return Math.ceil(cents(subscription) * fraction - 1e-9) / 100;
}

export type PaidUpProblem = { code: 'paidOverSubscription' } | { code: 'paidMinimum'; minimum: number };

/**
 * Whether `paid` is wrong for `subscription`: above it, or below the legal form's minimumPaidUpFraction
 * of it (no minimum when the law sets none, as in Romania); null when it is right.
 */
export function paidUpProblem(subscription: number, paid: number, fraction: number): PaidUpProblem | null {
  if (cents(paid) > cents(subscription)) return { code: 'paidOverSubscription' };
  const minimum = minimumPaidUp(subscription, fraction);
  if (fraction > 0 && cents(paid) < cents(minimum)) return { code: 'paidMinimum', minimum };
  return null;
}

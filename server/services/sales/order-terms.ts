/**
 * What an order pays for, and what withdrawing from it gives back. Every buyer is treated as a
 * consumer.
 *
 * - The documents are digital content supplied at once. With the founder's prior express request
 *   and acknowledgement (the consent box), the right of withdrawal ends once they are provided
 *   (C. consom. L. 221-28 13°; OUG 34/2014 art. 16 lit. m)). Without it, the founder may withdraw
 *   within the period and owes nothing for what was provided (L. 221-26).
 * - The Premium website is a service supplied over a term (12 months, included in the price). Begun
 *   at the founder's request, a withdrawal costs the part already supplied, pro rata (L. 221-25;
 *   OUG 34/2014 art. 15): the rest of the website's share is refunded.
 */
import type { OrderPart } from '../../db/schema';

export const WEBSITE_SKU = 'PROFESSIONAL_PROMOTIONAL_WEBSITE';
/** The website's share of the Premium price: Premium (50 €) less the documents of Standard (10 €). */
export const WEBSITE_SHARE_CENTS = 4000;
/** The hosting term the website's share pays for: the pro rata's base. */
export const WEBSITE_TERM_DAYS = 365;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The parts of an order of `amountCents` granting `productSkus`: the website's share (at most what
 * is paid), the documents the rest. Stored with the order; computed the same way for older orders.
 */
export function orderParts(productSkus: string[], amountCents: number): OrderPart[] {
  const website = productSkus.includes(WEBSITE_SKU) ? Math.min(WEBSITE_SHARE_CENTS, amountCents) : 0;
  const documentSkus = productSkus.filter((sku) => sku !== WEBSITE_SKU);
  const parts: OrderPart[] = [];
  if (amountCents - website > 0 || website === 0)
    parts.push({ kind: 'documents', cents: amountCents - website, productSkus: documentSkus });
  if (website > 0)
    parts.push({ kind: 'website', cents: website, productSkus: [WEBSITE_SKU], termDays: WEBSITE_TERM_DAYS });
  return parts;
}

export type WithdrawalState = 'open' | 'rightLost' | 'periodOver' | 'withdrawn' | 'refunded';

export interface WithdrawalOutcome {
  state: WithdrawalState;
  /** What a withdrawal now refunds (open). */
  refundCents: number;
  /** What it takes back (open). */
  revokedProductSkus: string[];
  /** The website's started days billed, when its part is pro rata. */
  websiteDaysUsed?: number;
  /** What a later upgrade, still in force, took of this order as credit: not refunded by withdrawing this one. */
  creditUsedCents?: number;
}

/**
 * What withdrawing from an order at `now` means. `documentsProvided`: the documents were made
 * available (the order paid and the file submitted).
 */
export function withdrawalOutcome(order: {
  paidAt: Date;
  periodEnd: Date;
  amountCents: number;
  refundedCents: number;
  productSkus: string[];
  parts: OrderPart[];
  consentGiven: boolean;
  documentsProvided: boolean;
  withdrawn: boolean;
  now: Date;
  /**
   * What later orders still in force deducted from their price as this order's credit (an
   * upgrade): withdrawing this order alone cannot give it back twice (withdraw the upgrade first).
   */
  creditUsedCents?: number;
}): WithdrawalOutcome {
  const outcome = withdrawalOutcomeBeforeCredit(order);
  const used = order.creditUsedCents ?? 0;
  if (outcome.state !== 'open' || used <= 0) return outcome;
  return { ...outcome, refundCents: Math.max(0, outcome.refundCents - used), creditUsedCents: used };
}

function withdrawalOutcomeBeforeCredit(order: Parameters<typeof withdrawalOutcome>[0]): WithdrawalOutcome {
  const left = order.amountCents - order.refundedCents;
  if (order.withdrawn) return { state: 'withdrawn', refundCents: 0, revokedProductSkus: [] };
  // Refunded in full already (by the seller): nothing left to withdraw from.
  if (left <= 0) return { state: 'refunded', refundCents: 0, revokedProductSkus: [] };
  if (order.now.getTime() > order.periodEnd.getTime())
    return { state: 'periodOver', refundCents: 0, revokedProductSkus: [] };
  if (!order.consentGiven || !order.documentsProvided) {
    // Nothing the right was lost for: everything still paid comes back, everything is taken back.
    return { state: 'open', refundCents: left, revokedProductSkus: [...order.productSkus] };
  }
  const parts = order.parts.length > 0 ? order.parts : orderParts(order.productSkus, order.amountCents);
  const website = parts.find((part) => part.kind === 'website');
  if (!website) return { state: 'rightLost', refundCents: 0, revokedProductSkus: [] };
  const term = website.termDays ?? WEBSITE_TERM_DAYS;
  // Started days count: a withdrawal an hour after paying pays for one day.
  const daysUsed = Math.min(
    term,
    Math.max(1, Math.ceil((order.now.getTime() - order.paidAt.getTime()) / DAY_MS)),
  );
  const refund = Math.min(left, Math.round((website.cents * (term - daysUsed)) / term));
  return {
    state: 'open',
    refundCents: refund,
    revokedProductSkus: [...website.productSkus],
    websiteDaysUsed: daysUsed,
  };
}

/**
 * The credit an account's earlier orders give towards a plan: what they paid and kept (paid less
 * refunded), up to the plan's price. `owned`: that credit already covers the plan.
 */
export function upgradeCredit(
  priceCents: number,
  earlier: { id: string; invoiceNumber: string | null; keptCents: number }[],
): {
  creditCents: number;
  dueCents: number;
  owned: boolean;
  orders: { id: string; invoiceNumber: string | null; cents: number }[];
} {
  const orders = earlier.filter((order) => order.keptCents > 0);
  const kept = orders.reduce((sum, order) => sum + order.keptCents, 0);
  const creditCents = Math.min(kept, priceCents);
  return {
    creditCents,
    dueCents: priceCents - creditCents,
    owned: kept >= priceCents,
    orders: orders.map((order) => ({
      id: order.id,
      invoiceNumber: order.invoiceNumber,
      cents: order.keptCents,
    })),
  };
}

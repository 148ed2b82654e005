/**
 * What a founder needs to file, and what it costs in all, per legal form: pure functions over the
 * data (filing-forms.ts) and the server's offers, so that the words on /plans and /services
 * follow schemas/ (the catalog, the registries' upload slots, the official fees) without a figure
 * written twice.
 *
 * - The documents a filing takes: the registry's upload slots that Kreo writes a document for
 *   (schemas/jurisdictions/registration/<code>.json `guide.uploads`, with their `forms`). Some apply
 *   only to some answers (a proof of seat for a seat at the manager's home, a power of attorney
 *   when someone else files): they are counted, as a founder cannot know in advance.
 * - The cheapest set that can be filed: the cheapest offer holding every one of them.
 * - The total: that offer's price plus the fees outside Kreo (schemas/jurisdictions/<code>.json
 *   `fees`, the form's own amount when there is one), optional fees left out, fees with no known
 *   amount named apart; an estimate when any amount counted is one.
 */
import { firstPlan, sortOffersByPrice, type Offer, type Plan } from '@/lib/catalog/catalog';
import { feeAmountFor, type FeeAmount, type LegalFee } from '@/shared/jurisdictions';

export interface FilingForm {
  /** FR, RO. */
  country: string;
  /** SAS, SRL_SOLE… */
  code: string;
  /** The currency of the fees outside Kreo. */
  currency: string;
  /** The SKUs of the documents Kreo writes that the registry asks for, in the registry's order. */
  documents: readonly string[];
  fees: readonly LegalFee[];
}

/** The documents a filing of `form` takes that `offer` does not hold. */
export function missingForFiling(offer: Pick<Offer, 'productSkus'>, form: FilingForm): string[] {
  return form.documents.filter((sku) => !offer.productSkus.includes(sku));
}

/** The cheapest offer that holds every document a filing of `form` takes (priced offers only). */
export function cheapestFileable(offers: readonly Offer[], form: FilingForm): Offer | undefined {
  return sortOffersByPrice(offers).find(
    (offer) => offer.plans.length > 0 && missingForFiling(offer, form).length === 0,
  );
}

/** The forms for which `offer` is the cheapest that can be filed. */
export function formsCheapestWith(
  offer: Offer,
  offers: readonly Offer[],
  forms: readonly FilingForm[],
): FilingForm[] {
  return forms.filter((form) => cheapestFileable(offers, form)?.sku === offer.sku);
}

/**
 * The documents `offer` lacks to file a company of any form (the ones missing for every form), in
 * the first form's order; empty when the offer can file at least one form.
 */
export function missingForEveryForm(
  offer: Pick<Offer, 'productSkus'>,
  forms: readonly FilingForm[],
): string[] {
  const [first, ...others] = forms.map((form) => missingForFiling(offer, form));
  return (first ?? []).filter((sku) => others.every((missing) => missing.includes(sku)));
}

export interface FeesTotal {
  currency: string;
  /** The sum of the fees whose amount is known, as bounds (added up in cents). */
  amount: FeeAmount;
  /** Fees that are due but whose amount is unknown (set by the founder's bank): named apart. */
  unpriced: LegalFee[];
  /** Optional fees (a lawyer or notary), never in the total. */
  optional: LegalFee[];
}

const toCents = (value: number) => Math.round(value * 100);

/** The fees outside Kreo of `form`, added up. */
export function outsideFeesTotal(form: FilingForm): FeesTotal {
  let min = 0;
  let max = 0;
  let estimate = false;
  const unpriced: LegalFee[] = [];
  const optional: LegalFee[] = [];
  for (const fee of form.fees) {
    if (fee.optional) {
      optional.push(fee);
      continue;
    }
    const amount = feeAmountFor(fee, form.code);
    if (amount.value !== null) {
      min += toCents(amount.value);
      max += toCents(amount.value);
    } else if (amount.min !== undefined && amount.max !== undefined) {
      min += toCents(amount.min);
      max += toCents(amount.max);
    } else {
      unpriced.push(fee);
      continue;
    }
    if (amount.estimate) estimate = true;
  }
  return { currency: form.currency, amount: bounds(min, max, estimate), unpriced, optional };
}

/** A price (in the offer's currency) plus the fees, when they share the currency; null otherwise. */
export function addPrice(price: number, currency: string, fees: FeesTotal): FeeAmount | null {
  if (currency !== fees.currency) return null;
  const { amount } = fees;
  const low = toCents(price) + toCents(amount.min ?? amount.value ?? 0);
  const high = toCents(price) + toCents(amount.max ?? amount.value ?? 0);
  return bounds(low, high, amount.estimate === true);
}

function bounds(minCents: number, maxCents: number, estimate: boolean): FeeAmount {
  const min = minCents / 100;
  const max = maxCents / 100;
  return {
    value: minCents === maxCents ? min : null,
    ...(minCents === maxCents ? {} : { min, max }),
    ...(estimate ? { estimate: true } : {}),
  };
}

export interface FilingTotal {
  /** The cheapest offer `form` can be filed with, and its first plan; undefined when none holds every document. */
  offer: Offer | undefined;
  plan: Plan | undefined;
  fees: FeesTotal;
  /**
   * The plan's price plus the fees, when both are in one currency; null when there is no plan or the
   * currencies differ (euros to Kreo, lei to Romania's bodies: shown side by side, never converted).
   */
  sum: FeeAmount | null;
}

/** What creating `form` costs in all with Kreo: the one computation /plans, the form chooser and the assistant format. */
export function filingTotal(offers: readonly Offer[], form: FilingForm): FilingTotal {
  const offer = cheapestFileable(offers, form);
  const plan = offer ? firstPlan(offer) : undefined;
  const fees = outsideFeesTotal(form);
  return { offer, plan, fees, sum: plan ? addPrice(plan.price, plan.currency, fees) : null };
}

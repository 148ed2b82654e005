/**
 * What the wizard fills in for the founder, so that the file never contradicts itself:
 * - every person has an id (the roles point to it) and a kind;
 * - a subscription is the subscriber's shares times the nominal value (capital ÷ shares), to the cent:
 *   each share has the same value (C. com. L. 223-2 and L. 227-1; art. 11 Legea 31/1990);
 * - a sole associate holds every share and the whole capital, and is the founder (the first person).
 * The schemas check the same rules (keyword-persons.ts: timesNominal, wholeCentsPer): a file sent by
 * another client is refused, never rewritten, by the server.
 */
import { parameterValues, legalFormOfFile, type LegalForm } from './jurisdictions.ts';
import { referencedPersonIds, withPersonIds } from './company-persons.ts';

type Data = Record<string, unknown>;
const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The nominal value in cents, when the capital divides into the shares in whole cents. */
export function nominalCents(data: Data): number | null {
  const capital = data.shareCapital;
  const count = data.numberOfShares;
  if (typeof capital !== 'number' || typeof count !== 'number' || !Number.isInteger(count) || count <= 0)
    return null;
  const cents = Math.round(capital * 100);
  return cents % count === 0 ? cents / count : null;
}

function withSubscriptions(data: Data, form: LegalForm | undefined): Data {
  if (!Array.isArray(data.subscribers)) return data;
  const nominal = nominalCents(data);
  const sole = form ? parameterValues(form).maximumAssociates === 1 : false;
  let changed = false;
  const subscribers = data.subscribers.map((entry, index) => {
    if (!isRecord(entry)) return entry;
    let subscriber = entry;
    if (
      sole &&
      index === 0 &&
      typeof data.numberOfShares === 'number' &&
      subscriber.shares !== data.numberOfShares
    )
      subscriber = { ...subscriber, shares: data.numberOfShares };
    if (nominal !== null && Number.isInteger(subscriber.shares)) {
      const subscription = ((subscriber.shares as number) * nominal) / 100;
      if (subscriber.subscription !== subscription) subscriber = { ...subscriber, subscription };
    }
    if (sole && index === 0 && subscriber.personId === undefined) {
      const first = Array.isArray(data.persons) ? data.persons.find(isRecord) : undefined;
      if (typeof first?.id === 'string') subscriber = { ...subscriber, personId: first.id };
    }
    if (subscriber !== entry) changed = true;
    return subscriber;
  });
  return changed ? { ...data, subscribers } : data;
}

/** `data` with what the wizard derives filled in; the same object when nothing changes. */
export function withDerivedValues(forms: readonly LegalForm[], data: Data): Data {
  let next = data;
  if (Array.isArray(data.persons)) {
    // A new person never takes the id of one removed while a role still points to it.
    const persons = withPersonIds(data.persons, referencedPersonIds(data));
    if (persons !== data.persons) next = { ...next, persons };
  }
  return withSubscriptions(next, legalFormOfFile(forms, next));
}

import { personName, type PersonRecord } from '@/shared/company-persons';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A list element's heading, with what names it where the list says how (`ui:options.itemTitleFrom:
 * "person"`: the person's name): "Person 2 — Camille Dupont", so that a founder finds a card or a
 * review entry by name. Just the numbered heading while nothing names it yet.
 */
export function itemHeading(heading: string, listUi: unknown, item: unknown): string {
  const options = isRecord(listUi) && isRecord(listUi['ui:options']) ? listUi['ui:options'] : {};
  if (options.itemTitleFrom !== 'person' || !isRecord(item)) return heading;
  const name = personName(item as PersonRecord);
  return name ? `${heading} — ${name}` : heading;
}

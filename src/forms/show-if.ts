/**
 * `ui:options.showIf` on a field: `{ "kind": "legal" }` shows it only while its object's field `kind`
 * is "legal"; a list of values means any of them (`{ "maritalStatus": ["married"] }`), several fields
 * must all match. A company associate's registration number shows for a company, a person's birth
 * date for a person. What a hidden field must hold is the schema's business (`requiredWhen`): staff
 * write the two side by side in the step file.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isShown(condition: unknown, values: unknown): boolean {
  if (!isRecord(condition)) return true;
  const object = isRecord(values) ? values : {};
  return Object.entries(condition).every(([field, expected]) => {
    const allowed = Array.isArray(expected) ? expected : [expected];
    return allowed.includes(object[field]);
  });
}

/** A locale text with its {{placeholders}} filled in, for tests that read the words from locales/. */
export function fillTemplate(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

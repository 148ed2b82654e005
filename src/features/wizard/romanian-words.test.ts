import { describe, expect, it } from 'vitest';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import { createTestI18n } from '@/testing/render';

/** Every translation key a step shows (titles, tooltips, placeholders, messages), with where it is. */
function keysOf(node: unknown, where: string, into: [string, string][] = []): [string, string][] {
  if (typeof node === 'string') {
    if (/^[a-z][\w-]*:[\w.]+$/i.test(node)) into.push([where, node]);
  } else if (Array.isArray(node)) node.forEach((item, index) => keysOf(item, `${where}[${index}]`, into));
  else if (node && typeof node === 'object')
    for (const [key, child] of Object.entries(node)) keysOf(child, `${where}.${key}`, into);
  return into;
}

// Legea nr. 31/1990, art. 11: an SRL's capital is divided into părți sociale; acțiuni are a SA's (or
// a French SAS's). A Romanian founder reads every word of the wizard of an SRL in Romanian.
describe.each(['RO-SRL', 'RO-SRL_SOLE'])('the wizard of a %s, in Romanian', (form) => {
  it('speaks of părți sociale, never of acțiuni', async () => {
    const load = loadLegalFormSteps[form];
    if (!load) throw new Error(`no steps for ${form}`);
    const steps = await load();
    const t = createTestI18n('ro').getFixedT('ro');
    const keys = steps.flatMap((step) =>
      keysOf({ title: step.title, description: step.description, ui: step.form.uiSchema }, step.id),
    );
    expect(keys.length).toBeGreaterThan(40);
    for (const [where, key] of keys) {
      const text = String(t(key as never, { sum: 1, expected: 2, limit: 3, number: 1 } as never));
      expect(text, `${where}: ${key}`).not.toMatch(/(?<!\p{L})acțiun/iu);
    }
    const shares = keys.filter(([where]) => /numberOfShares|shares/.test(where));
    expect(shares.map(([, key]) => String(t(key as never))).join(' ')).toMatch(/părți sociale/);
  });
});

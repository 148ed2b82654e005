import type { ChooserFigure, Figure } from './recommend';

/** A legal form's parameter (`FR`, `SARL`, `maximumAssociates`): its value, or undefined. */
export type ParameterReader = (country: string, form: string, name: string) => unknown;

/**
 * The file's figures ready to show: each value or range as written; a `times` figure as the product of
 * the figures it names (each one value); a `parameter` figure as the legal form's parameter (a number).
 * A figure that cannot be worked out is left out and named in `problems` (check:forms reports them).
 */
export function resolveFigures(
  figures: Readonly<Record<string, ChooserFigure>>,
  parameterOf: ParameterReader,
): { figures: Record<string, Figure>; problems: string[] } {
  const resolved: Record<string, Figure> = {};
  const problems: string[] = [];
  const resolving = new Set<string>();
  // A figure that could not be worked out is reported once, not again by each figure naming it.
  const failed = new Set<string>();
  const resolve = (name: string): Figure | undefined => {
    if (resolved[name]) return resolved[name];
    const figure = figures[name];
    if (!figure || resolving.has(name) || failed.has(name)) return undefined;
    resolving.add(name);
    let result: Figure | undefined;
    if ('times' in figure) {
      let product: number | undefined = 1;
      for (const factor of figure.times) {
        const value = resolve(factor);
        // Each factor is judged on its own: one that fails does not blame the ones after it.
        if (value && 'value' in value) {
          if (product !== undefined) product *= value.value;
        } else {
          problems.push(`figure "${name}": "${factor}" is not a figure of one value`);
          product = undefined;
        }
      }
      if (product !== undefined) result = { value: product, unit: figure.unit };
    } else if ('parameter' in figure) {
      const { country, form, name: parameter } = figure.parameter;
      const value = parameterOf(country, form, parameter);
      if (typeof value === 'number' && Number.isFinite(value)) result = { value, unit: figure.unit };
      else problems.push(`figure "${name}": ${country} ${form} has no number "${parameter}"`);
    } else if ('value' in figure) result = { value: figure.value, unit: figure.unit };
    else result = { min: figure.min, max: figure.max, unit: figure.unit };
    resolving.delete(name);
    if (result) resolved[name] = result;
    else failed.add(name);
    return result;
  };
  for (const name of Object.keys(figures)) resolve(name);
  return { figures: resolved, problems };
}

/**
 * Romanian puts "de" between a number and its noun from 20 on, unless its last two digits are 01 to
 * 19 ("19 lei", "20 de lei", "101 lei", "4 050 de lei").
 */
function romanianDe(value: number): boolean {
  if (!Number.isInteger(value) || value < 20) return false;
  const lastTwo = value % 100;
  return lastTwo === 0 || lastTwo >= 20;
}

/**
 * A figure of the chooser's content in the reader's language: "75–82 %", "500 de lei", "1 000 €",
 * "10 ans". Ranges are one Intl range ("75–82 %" rather than "75 %–82 %").
 */
export function formatFigure(figure: Figure, language: string): string {
  const range = (format: Intl.NumberFormat) =>
    'value' in figure ? format.format(figure.value) : format.formatRange(figure.min, figure.max);
  const max = (value: number) => (Number.isInteger(value) ? 0 : 2);
  const digits = 'value' in figure ? max(figure.value) : Math.max(max(figure.min), max(figure.max));
  switch (figure.unit) {
    case 'percent':
      return range(
        new Intl.NumberFormat(language, { style: 'unit', unit: 'percent', maximumFractionDigits: 2 }),
      );
    case 'EUR':
      return range(
        new Intl.NumberFormat(language, {
          style: 'currency',
          currency: 'EUR',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }),
      );
    case 'RON': {
      // "lei" after the amount in the three languages, as the product writes lei everywhere.
      const last = 'value' in figure ? figure.value : figure.max;
      const de = language.startsWith('ro') && romanianDe(last) ? '\u00a0de' : '';
      return `${range(new Intl.NumberFormat(language, { maximumFractionDigits: 2 }))}${de}\u00a0lei`;
    }
    case 'years':
      return range(new Intl.NumberFormat(language, { style: 'unit', unit: 'year', unitDisplay: 'long' }));
    case 'count':
      return range(new Intl.NumberFormat(language));
  }
}

/** The figures `names` of a question, rule or cell, formatted, to interpolate into its words. */
export function formatFigures(
  names: readonly string[] | undefined,
  figures: Readonly<Record<string, Figure>>,
  language: string,
): Record<string, string> {
  return Object.fromEntries(
    (names ?? []).flatMap((name) => {
      const figure = figures[name];
      return figure ? [[name, formatFigure(figure, language)]] : [];
    }),
  );
}

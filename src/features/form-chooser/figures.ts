import type { Figure } from './recommend';

/**
 * A figure of the chooser's content in the reader's language: "75–82 %", "500 lei", "1 000 €",
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
    case 'RON':
      // "lei" after the amount in the three languages, as the product writes lei everywhere.
      return `${range(new Intl.NumberFormat(language, { maximumFractionDigits: 2 }))}\u00a0lei`;
    case 'years':
      return range(new Intl.NumberFormat(language, { style: 'unit', unit: 'year', unitDisplay: 'long' }));
    case 'count':
      return range(new Intl.NumberFormat(language));
  }
}

/** Every figure of a rule or cell, formatted, to interpolate into its words. */
export function formatFigures(
  figures: Record<string, Figure> | undefined,
  language: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(figures ?? {}).map(([name, figure]) => [name, formatFigure(figure, language)]),
  );
}

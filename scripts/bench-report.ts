/**
 * What the benchmark scripts share to report: a section's table, printed aligned in the terminal and
 * written as markdown to docs/benchmarks.md, medians and percentiles, and the verdict against a target.
 */

export interface Table {
  title: string;
  /** How the figures were taken, in a sentence or two: printed above the table. */
  note: string;
  headers: string[];
  rows: string[][];
  /** Columns whose figures line up on the right (numbers); the others on the left. */
  numeric?: number[];
}

/** The table as markdown, its columns padded to the same width so that it also reads in a terminal. */
export function markdownTable(table: Table): string {
  const widths = table.headers.map((header, column) =>
    Math.max(3, header.length, ...table.rows.map((row) => (row[column] ?? '').length)),
  );
  const right = (column: number) => table.numeric?.includes(column) ?? false;
  const line = (cells: string[]) =>
    `| ${widths
      .map((width, column) => {
        const cell = cells[column] ?? '';
        return right(column) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (right(column) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(table.headers), rule, ...table.rows.map(line)].join('\n');
}

/** The section as it is printed: title, note, table. */
export function printTable(table: Table): void {
  console.log(`\n${table.title}\n${table.note}\n\n${markdownTable(table)}`);
}

/** The middle value (the lower middle of an even count); NaN when there is none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/** The value below which `fraction` of the values fall (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
}

/** A figure with its target and whether it meets it, e.g. "97 ✗ (≥ 98)". */
export function withTarget(figure: string, met: boolean, target: string): string {
  return `${figure} ${met ? '✓' : '✗'} (${target})`;
}

export const kB = (bytes: number) => (bytes / 1024).toFixed(1);

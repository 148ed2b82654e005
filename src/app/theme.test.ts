import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { baseTheme, cssVariablesResolver } from './theme';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** "calc(0.75rem * var(--mantine-scale))" → 0.75 */
const remOf = (value: string) => parseFloat(/([\d.]+)rem/.exec(value)?.[1] ?? 'NaN');

const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('the compact sizes of dense screens (compact-sizes.css)', () => {
  const css = readFileSync('src/app/compact-sizes.css', 'utf8');
  const declared = (name: string) =>
    parseFloat(new RegExp(`--mantine-${name}:\\s*([\\d.]+)rem`).exec(css)?.[1] ?? 'NaN');

  it('apply above a pixel ratio of 1.2 (the spec threshold), in CSS so that one prerendered page serves every screen', () => {
    expect(css).toContain('(min-resolution: 1.201dppx)');
  });

  it.each(['xs', 'sm', 'md', 'lg', 'xl'])(
    'make font size and spacing %s smaller than the base theme',
    (size) => {
      const base = mergeMantineTheme(DEFAULT_THEME, baseTheme);
      expect(declared(`font-size-${size}`)).toBeLessThan(remOf(base.fontSizes[size as 'md']));
      expect(declared(`spacing-${size}`)).toBeLessThan(remOf(base.spacing[size as 'md']));
    },
  );
});

describe('themes', () => {
  it('have a green primary colour', () => {
    expect(baseTheme.primaryColor).toBe('brand');
    expect(baseTheme.primaryShade).toBe(7);
    const brand = baseTheme.colors?.brand;
    expect(brand).toHaveLength(10);
    const shade = brand?.[7] ?? '';
    expect(shade).toMatch(/^#[0-9a-f]{6}$/i);
    const [r, g, b] = [1, 3, 5].map((start) => parseInt(shade.slice(start, start + 2), 16));
    expect(g).toBeGreaterThan(r ?? 255);
    expect(g).toBeGreaterThan(b ?? 255);
  });

  it('make the primary shade dark enough for white text (WCAG AA, 4.5:1)', () => {
    expect(contrastWithWhite(baseTheme.colors?.brand?.[7] ?? '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('order the brand palette from light to dark', () => {
    const lightness = (baseTheme.colors?.brand ?? []).map(luminance);
    expect(lightness).toEqual([...lightness].sort((a, b) => b - a));
  });

  it('keep white as the secondary surface', () => {
    expect(baseTheme.white).toBe('#ffffff');
  });

  it('write alert titles in the text colour (a red, orange or yellow title on its tint is below AA)', () => {
    const red = DEFAULT_THEME.colors.red;
    // What Mantine would use: shade 7 on shade 6 at 10 % over white.
    const tint = `#${[1, 3, 5]
      .map((at) =>
        Math.round(parseInt(red[6].slice(at, at + 2), 16) * 0.1 + 255 * 0.9)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    expect((luminance(tint) + 0.05) / (luminance(red[7]) + 0.05)).toBeLessThan(4.5);
    expect(baseTheme.components?.Alert?.styles).toEqual({ title: { color: 'var(--mantine-color-text)' } });
  });

  it('darken the "dimmed" text colour to a readable grey', () => {
    const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, baseTheme));
    expect(resolved.light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
  });
});

import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  COMPACT_PIXEL_RATIO,
  baseTheme,
  compactTheme,
  cssVariablesResolver,
  themeForPixelRatio,
} from './theme';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('themeForPixelRatio', () => {
  it.each([0.5, 1, 1.2])('uses the base theme at a pixel ratio of %s', (ratio) => {
    expect(themeForPixelRatio(ratio)).toBe(baseTheme);
  });

  it.each([1.25, 1.5, 2, 3])('uses the compact theme above 1.2, e.g. %s', (ratio) => {
    expect(themeForPixelRatio(ratio)).toBe(compactTheme);
  });

  it('switches at the spec threshold of 1.2', () => {
    expect(COMPACT_PIXEL_RATIO).toBe(1.2);
  });
});

describe('themes', () => {
  it('have a green primary colour', () => {
    for (const theme of [baseTheme, compactTheme]) {
      expect(theme.primaryColor).toBe('brand');
      expect(theme.primaryShade).toBe(7);
    }
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
    expect(compactTheme.white).toBe('#ffffff');
  });

  it('make the compact theme denser than the base one', () => {
    const rem = (value: string | undefined) => parseFloat(value ?? 'NaN');
    expect(compactTheme.fontSizes?.md).toBeDefined();
    expect(rem(compactTheme.fontSizes?.md)).toBeLessThan(1);
    expect(rem(compactTheme.spacing?.md)).toBeLessThan(1);
    expect(compactTheme.components?.Button?.defaultProps).toMatchObject({ size: 'sm' });
    expect(baseTheme.components?.Button).toBeUndefined();
  });

  it('darken the "dimmed" text colour to a readable grey', () => {
    const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, baseTheme));
    expect(resolved.light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
  });
});

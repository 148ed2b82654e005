import {
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

// Primary green, dark enough at shade 7 for white text to pass WCAG AA (5.2:1).
const green: MantineColorsTuple = [
  '#e9f8ee',
  '#d4efdd',
  '#a9ddb9',
  '#7bca93',
  '#54ba73',
  '#3aaf5e',
  '#2c9b50',
  '#1f7d40',
  '#176a35',
  '#0b5a2a',
];

/** The product's look (spec section 9): primary green, white secondary surfaces, grey shades. */
export const baseTheme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand: green },
  white: '#ffffff',
  black: '#1a1b1e',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  other: { secondaryVariant: 'default' },
});

/**
 * The compact size set for dense screens (devicePixelRatio above 1.2, spec section 9): smaller
 * type and spacing, and controls one size down, so phones show more of each page.
 */
export const compactTheme = mergeThemeOverrides(
  baseTheme,
  createTheme({
    fontSizes: { xs: '0.6875rem', sm: '0.8125rem', md: '0.9375rem', lg: '1.0625rem', xl: '1.1875rem' },
    spacing: { xs: '0.5rem', sm: '0.625rem', md: '0.875rem', lg: '1.125rem', xl: '1.5rem' },
    // Plain objects, not Button.extend(): .extend would pull each component's code into every page.
    components: {
      Button: { defaultProps: { size: 'sm' } },
      Input: { defaultProps: { size: 'sm' } },
      InputWrapper: { defaultProps: { size: 'sm' } },
    },
  }),
);

export const COMPACT_PIXEL_RATIO = 1.2;

export function themeForPixelRatio(devicePixelRatio: number) {
  return devicePixelRatio > COMPACT_PIXEL_RATIO ? compactTheme : baseTheme;
}

/** Mantine's "dimmed" grey (gray.6) is 3.3:1 on white; gray.7 meets WCAG AA for body text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Mantine's red.6 gives error text 3.6:1 on white; red.9 passes AA (5.6:1) for the small messages under fields.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

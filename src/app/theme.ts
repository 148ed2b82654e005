import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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
  components: {
    // A light alert's title takes the alert's colour by default: red.7, orange.7 or yellow.7 on their own
    // tint is 2 to 3.4:1, below AA for its 14 px. The text's colour instead; the tint and icon still say
    // which kind of alert it is.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
  },
});

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

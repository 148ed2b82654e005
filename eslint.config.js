import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'assistant',
  'auth',
  'checkout',
  'dashboard',
  'documents',
  'info',
  'marketing',
  'profile',
  'signing',
  'staff',
  'wizard',
];

/** Import patterns that reach into a layer (by alias or by relative path). */
function layerPatterns(layer) {
  return [
    {
      regex: `^(@/|(\\.\\./)+)${layer}(/|$)`,
      message: `This folder must not depend on src/${layer}: the direction is shared code → features → app.`,
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'data', 'test-results', 'playwright-report', 'src/lib/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The dependency direction of the layout: shared code → features → app; features never import each other.
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**', 'src/hooks/**', 'src/forms/**'],
    ignores: ['**/*.test.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...layerPatterns('features'), ...layerPatterns('app')] },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...layerPatterns('app'),
            {
              regex: `^((@/|(\\.\\./)+)features/(?!${feature}/)|\\.\\./(${FEATURES.filter((other) => other !== feature).join('|')})/)`,
              message: 'Features never import each other: move shared code to src/lib or src/components.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      // Every word a user sees comes from locales/: no literal text in JSX or in visible attributes.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'title',
              'alt',
              'placeholder',
              'label',
              'description',
              'error',
              'aria-description',
            ],
          },
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.tsx', 'src/testing/**', 'tests/**'],
    rules: { 'i18next/no-literal-string': 'off', 'react-refresh/only-export-components': 'off' },
  },
);

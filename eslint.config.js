import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'test-results', 'playwright-report', 'src/lib/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // The dependency direction of the layout: shared code → features → app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features/auth', from: './src/features', except: ['./auth'] },
            { target: './src/features/checkout', from: './src/features', except: ['./checkout'] },
            { target: './src/features/documents', from: './src/features', except: ['./documents'] },
            { target: './src/features/info', from: './src/features', except: ['./info'] },
            { target: './src/features/marketing', from: './src/features', except: ['./marketing'] },
            { target: './src/features/profile', from: './src/features', except: ['./profile'] },
            { target: './src/features/wizard', from: './src/features', except: ['./wizard'] },
            { target: './src/features', from: './src/app' },
            {
              target: ['./src/components', './src/lib', './src/config', './src/hooks'],
              from: ['./src/features', './src/app'],
            },
          ],
        },
      ],
    },
  },
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

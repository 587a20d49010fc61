// One linter for the whole repository (ESLint + typescript-eslint), formatting by Prettier.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'bench/notices/out/**',
      'e2e/artifacts/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // package boundaries: the web app never imports the server, nor deep into packages
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@gewst/server', message: 'Die Web-App darf den Server nicht importieren.' }],
          patterns: [
            {
              group: ['@gewst/*/src/*', '**/apps/server/**'],
              message: 'Keine tiefen Importe in Pakete oder den Server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@gewst/server', '@gewst/extraction', '**/apps/**'],
              message: 'domain hängt von nichts ab.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/extraction/**/*.ts'],
    rules: {
      // extraction may use the domain (document vocabulary, tax rules), never the server or the web app
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@gewst/server', '@gewst/web', '**/apps/**', '@gewst/*/src/*'],
              message: 'extraction darf nur @gewst/domain verwenden, nie Server oder Web-App.',
            },
          ],
        },
      ],
    },
  },
);

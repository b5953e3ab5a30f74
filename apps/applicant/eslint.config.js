// ESLint (flat config): typescript-eslint's recommended rules, React's rules
// of hooks (eslint-plugin-react-hooks), and bulletproof-react's boundary: a
// feature (src/features/<name>) imports no other feature; what two features
// share lives in src/components, src/hooks or src/lib, and src/app composes
// features into pages.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'public/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: globals.browser },
    settings: {
      // resolves the @/ alias and relative paths alike (tsconfig.json's paths)
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // says only that the React Compiler would skip a component (react-hook-form's
      // watch); the app is not built with the compiler
      'react-hooks/incompatible-library': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((name) => ({
            target: `./src/features/${name}`,
            from: './src/features',
            except: [`./${name}`],
            message: 'Features do not import each other: move what both need to src/components, src/hooks or src/lib, or compose them in src/app.',
          })),
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'public/**/*.js', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
);

// ESLint (flat config): typescript-eslint, the rules of hooks, and folder
// boundaries as bulletproof-react draws them. A feature folder (a resource or
// a group of pages) may import the shared modules but never another feature;
// the app shell (App.tsx, router.tsx, dataProvider.ts, i18n/, layout/) puts
// the features together and no feature imports it back.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The feature folders under src/. */
const FEATURES = ['backoffice', 'health', 'helpdesk', 'inquiry', 'login', 'money', 'pages', 'refunds', 'rounds', 'school', 'surveys', 'users'];

/** The app shell: it imports the features, so they may not import it. */
const SHELL = ['App', 'router', 'dataProvider', 'main', 'i18n', 'layout'];

const group = names => `^(\\.\\./)+(${names.join('|')})(/|\\.tsx?$|$)`;

const featureBoundaries = FEATURES.map(feature => ({
    files: [`src/${feature}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
        'no-restricted-imports': ['error', {
            patterns: [
                {
                    regex: group(FEATURES.filter(f => f !== feature)),
                    message: 'A feature imports shared modules only, never another feature: move what both need to src/components or a shared module.',
                },
                {
                    regex: group(SHELL),
                    message: 'A feature does not import the app shell (it imports the features): use the shared modules or react-admin hooks.',
                },
            ],
        }],
    },
}));

/** Shared modules (src/components and the files at src/ outside the shell) import neither features nor the shell. */
const sharedModules = {
    files: ['src/components/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', ...SHELL.map(name => `src/${name}.{ts,tsx}`)],
    rules: {
        'no-restricted-imports': ['error', {
            patterns: [{
                regex: `^(\\./|(\\.\\./)+)(${[...FEATURES, ...SHELL].join('|')})(/|\\.tsx?$|$)`,
                message: 'A shared module is used by the features, so it imports none of them (nor the app shell).',
            }],
        }],
    },
};

export default tseslint.config(
    { ignores: ['dist', 'node_modules', 'coverage'] },
    {
        files: ['**/*.{ts,tsx}'],
        extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat['recommended-latest']],
        languageOptions: {
            ecmaVersion: 2022,
            globals: globals.browser,
        },
        rules: {
            '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        },
    },
    {
        files: ['scripts/**/*.mjs', 'eslint.config.js'],
        extends: [js.configs.recommended],
        languageOptions: { globals: globals.node },
    },
    ...featureBoundaries,
    sharedModules,
    // Tests render the whole app; they may reach the shell, never another feature.
    ...FEATURES.map(feature => ({
        files: [`src/${feature}/**/*.test.{ts,tsx}`],
        rules: {
            'no-restricted-imports': ['error', {
                patterns: [{ regex: group(FEATURES.filter(f => f !== feature)), message: 'A feature test does not import another feature.' }],
            }],
        },
    })),
);

import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

/** The app layers import shared code through the `@shared/...` alias, never `../../shared/...`. */
const sharedThroughAlias = {
  regex: '^(\\.\\./)+shared/',
  message: 'Import shared code as @shared/... (tsconfig.json paths).',
};

/**
 * zod's named `z` export is one object holding every locale, so a bundler keeps them all (about 350 KB
 * of a Lambda bundle); the namespace import lets esbuild and Vite drop what is unused.
 */
const zodAsNamespace = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message: "Import zod as a namespace: import * as z from 'zod' (the named z keeps every locale).",
};

/**
 * A web feature imports no other feature: what two features need lives in components/, lib/ or
 * api/, and the app (app/) composes features. A feature folder added later is covered on its own.
 */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatureZones = [
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message:
      'A feature imports no other feature: move what both need to components/, lib/ or api/.',
  })),
  {
    // The API layer serves every screen, so it can depend on none: what a request takes is typed in api/.
    target: ['./web/src/api', './web/src/components', './web/src/lib', './web/src/config'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared web code imports no feature and not the app shell.',
  },
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'Features import no part of the app shell: the app composes them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'cdk.out',
      '.data',
      'coverage',
      'test-results',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      // The TypeScript resolver reads tsconfig.json's `@shared/*` alias, so no-cycle and the layer
      // boundaries below follow aliased imports as they follow relative ones.
      'import/resolver': {
        typescript: { project: './tsconfig.json' },
        node: { extensions: ['.ts', '.tsx', '.js'] },
      },
      // The rules that follow imports (no-cycle) parse the imported TypeScript files too.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // No circle of imports anywhere: a module never depends on itself through others. Type-only
      // imports count too, so a shape shared by two modules lives in a third.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': ['error', zodAsNamespace],
      // Dependency direction of DESIGN §2: web → shared, functions → shared, infra → shared.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./web', './functions', './infra', './bin', './scripts'],
              message: 'shared/ is pure: it imports nothing from the app layers.',
            },
            {
              target: './web',
              from: ['./functions', './infra', './bin', './scripts'],
              message: 'web/ may import only shared/.',
            },
            {
              target: './functions',
              from: ['./web', './infra', './bin', './scripts'],
              message: 'functions/ may import only shared/.',
            },
            {
              target: './infra',
              from: ['./web', './functions', './bin', './scripts'],
              message: 'infra/ may import only shared/ (the route table).',
            },
            ...webFeatureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'node:*'],
              message: 'shared/ imports no AWS SDK and no Node APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      // No Scan in any request path (DESIGN §5): repositories use Query/Get only.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@aws-sdk/client-dynamodb',
              importNames: ['ScanCommand'],
              message: 'No Scan in a request path: add an access pattern.',
            },
            {
              name: '@aws-sdk/lib-dynamodb',
              importNames: ['ScanCommand', 'paginateScan'],
              message: 'No Scan in a request path: add an access pattern.',
            },
          ],
          patterns: [sharedThroughAlias],
        },
      ],
    },
  },
  {
    files: ['web/**', 'infra/**', 'scripts/**', 'test/**', 'bin/**', '*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedThroughAlias] }] },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read JSON answers whose shape the assertions check.
    files: ['test/**/*.ts', 'test/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Each API resource (functions/<resource>/) is one Lambda: it imports functions/lib/ and shared/,
    // never another resource's folder, so a bundle holds its own resource only. What two resources
    // need lives in functions/lib/ (judging, program services, repositories).
    files: ['functions/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './functions',
              from: ['./web', './infra', './bin', './scripts'],
              message: 'functions/ may import only shared/.',
            },
            ...readdirSync('functions', { withFileTypes: true })
              .filter((entry) => entry.isDirectory() && entry.name !== 'lib')
              .map(({ name }) => ({
                target: `./functions/${name}`,
                from: './functions',
                except: [`./${name}`, './lib'],
                message: 'A resource imports functions/lib/ and shared/, never another resource.',
              })),
            {
              target: './functions/lib',
              from: './functions',
              except: ['./lib'],
              message: 'functions/lib/ serves the resources and imports none of them.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);

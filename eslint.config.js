import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Every folder under src/features is a feature, so a new one is fenced in the day it appears.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// Layer boundaries, checked on the resolved file so relative imports count as much as `@/` ones.
const consoleLayers = ['app', 'features', 'components', 'lib', 'api', 'data', 'i18n', 'styles']
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in src/app.',
  })),
  {
    target: ['./src/features', './src/components', './src/lib', './src/api', './src/data', './src/i18n'],
    from: './src/app',
    message: 'Only the app layer composes; nothing below it imports from src/app.',
  },
  {
    target: ['./src/components', './src/lib', './src/api', './src/data', './src/i18n'],
    from: './src/features',
    message: 'Shared layers do not depend on features.',
  },
  {
    target: './src/lib',
    from: ['./src/components', './src/data', './src/api'],
    message: 'lib holds small helpers that depend on nothing of the console but i18n.',
  },
  {
    target: './src/components',
    from: './src/data',
    message: 'Shared components take data as props; the screens that use them read it from src/data.',
  },
  {
    target: './src/mocks',
    from: ['./src/app', './src/features'],
    message: 'The mock serves the API; it never depends on the console that calls it.',
  },
]

// The mock's layers, lowest first: each imports only the layers before it. The seed sits on
// db, lib and engine; the transports (browser, node, server, tab relay) on everything. Tests
// and harnesses (mocks/testing) may reach across, so these zones apply to the mock's own code only.
const mockLayers = ['db', 'lib', 'engine', 'handlers']
const mockSeed = './src/mocks/seed'
const mockTransports = ['browser.ts', 'node.ts', 'server.ts', 'tab-relay.ts'].map(
  (file) => `./src/mocks/${file}`,
)
const mockLayerZones = [
  ...mockLayers.map((layer, index) => ({
    target: `./src/mocks/${layer}`,
    from: [
      ...mockLayers.slice(index + 1).map((above) => `./src/mocks/${above}`),
      mockSeed,
      ...mockTransports,
      './src/mocks/testing',
      './src/mocks/worker-cli',
    ],
    message: `The mock's layers run db → lib → engine → handlers → transports, seed on top: ${layer} does not import what is built on it.`,
  })),
  {
    target: mockSeed,
    from: ['./src/mocks/handlers', ...mockTransports, './src/mocks/testing', './src/mocks/worker-cli'],
    message: 'The seed writes through db, lib and engine; it does not import the handlers or a transport.',
  },
]
const consoleNeverImportsMocks = {
  target: consoleLayers.map((layer) => `./src/${layer}`),
  from: './src/mocks',
  message: 'Console code talks to the API, never to the mock; only tests and the demo bootstrap load it.',
}
// The demo bootstrap starts the in-browser mock and its Demo panel drives it; tests build fixtures with it.
const mockUsers = [
  'src/**/*.test.{ts,tsx}',
  'src/testing/**',
  'src/app/main.tsx',
  'src/app/layout/demo-panel.tsx',
]

// react-router's Link and NavLink bring its framework-mode prefetching into the first download;
// the console's own (src/components/ui/link.tsx) are built on the router's public hooks.
const routerLinks = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message: "Use Link / NavLink from '@/components/ui/link'.",
}

const literalMessageIds = {
  selector: "CallExpression[callee.name='t'][arguments.0.type!='Literal']",
  message: 'Message ids are literals so the catalog check can see them.',
}

const rawHtmlRules = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'Untrusted data renders as text: no raw HTML.',
  },
  {
    selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
    message: 'Untrusted data renders as text: no raw HTML.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-mock',
      'node_modules',
      'public/mockServiceWorker.js',
      'playwright-report',
      'test-results',
      'src/api/schema.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...pluginQuery.configs['flat/recommended'],
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'react/no-danger': 'off',
      'no-restricted-syntax': ['error', ...rawHtmlRules],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...rawHtmlRules, literalMessageIds],
    },
  },
  // Every user-facing string goes through the message catalogs (src/**/locales), so English and
  // Simplified Chinese stay complete; the catalog check in npm test reads the literal ids.
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/testing/**', 'src/mocks/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...rawHtmlRules,
        literalMessageIds,
        {
          selector: 'JSXText[value=/[A-Za-z]{2}/]',
          message: 'User-facing text goes through t() and the message catalogs.',
        },
        // `{'Save'}`, `{busy ? 'Saving' : 'Save'}`, `{error && 'Failed'}` and template text as children.
        {
          selector:
            ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(Literal, ConditionalExpression > Literal, LogicalExpression > Literal)[value=/[A-Za-z]{2}/]',
          message: 'User-facing text goes through t() and the message catalogs.',
        },
        {
          selector:
            ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(TemplateLiteral, ConditionalExpression > TemplateLiteral, LogicalExpression > TemplateLiteral) > TemplateElement[value.raw=/[A-Za-z]{2}/]',
          message: 'User-facing text goes through t() and the message catalogs.',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt|label|description|confirmLabel|heading|hint|emptyText)$/] > Literal[value=/[A-Za-z]{2}/]',
          message: 'User-facing text goes through t() and the message catalogs.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The import graph is read with the TypeScript parser (no-cycle follows every module it reaches).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaryZones, consoleNeverImportsMocks, ...mockLayerZones] },
      ],
    },
  },
  {
    files: mockUsers,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [routerLinks] }] },
  },
  {
    // Only the data layer calls the API (src/api holds the client, src/data the calls).
    files: ['src/app/**', 'src/features/**', 'src/components/**', 'src/lib/**'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/app/connect-api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Restated: this block's rule replaces the one above for these files.
          paths: [routerLinks],
          // Any spelling of the client module: `@/api/client`, `../../api/client`, `…/client.ts`.
          patterns: [
            {
              regex: '(^@|^\\.\\.?)(/.*)?/api/client(\\.[jt]sx?)?$',
              importNames: ['api'],
              message: 'Call the API through src/data (queries and mutation hooks), not the client.',
            },
            {
              regex: '(^@|^\\.\\.?)(/.*)?/api/schema\\.gen(\\.ts)?$',
              message:
                "Screens read the console's models (src/data/<resource>/types.ts), decoded from the answer.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['e2e/**', 'scripts/**', 'src/mocks/server.ts', 'src/mocks/worker-cli/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures call `use()` and take `{}` when they need no other fixture.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
)

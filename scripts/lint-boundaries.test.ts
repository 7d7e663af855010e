import { mkdtempSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The layer boundaries in eslint.config.js, each shown to hold: a probe file that breaks one is
 * linted with the project's own configuration and must be refused by the rule that guards it.
 * The probes are linted as text, so no source file is written; the one thing put on disk is an
 * empty folder under src/features (a feature that appeared after the config was written), removed
 * when the suite ends.
 * Type-aware rules and the cycle check are turned off for them: they read the whole program and
 * have nothing to say about a boundary.
 */
const root = fileURLToPath(new URL('..', import.meta.url))

// Made before the linter reads its config, which lists the feature folders when it loads.
const newFeature = basename(mkdtempSync(join(root, 'src/features/lint-probe-')))
afterAll(() => rmSync(join(root, 'src/features', newFeature), { recursive: true, force: true }))

const probeLinter = new ESLint({
  cwd: root,
  overrideConfig: [
    { files: ['src/**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked },
    { files: ['src/**/*.{ts,tsx}'], rules: { 'import-x/no-cycle': 'off' } },
  ],
})

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await probeLinter.lintText(code, { filePath: `${root}${filePath}` })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

const probes: { hole: string; file: string; code: string; rule: string }[] = [
  {
    hole: 'a relative import of the API client outside src/data',
    file: 'src/features/sessions/models/probe-client.ts',
    code: "import { api } from '../../../api/client'\nexport const probe = api\n",
    rule: 'no-restricted-imports',
  },
  {
    hole: 'the API client by its alias in a route module',
    file: 'src/app/routes/probe-client.tsx',
    code: "import { api as client } from '@/api/client'\nexport const probe = client\n",
    rule: 'no-restricted-imports',
  },
  {
    hole: "a feature reading the contract's generated types instead of the console's models",
    file: 'src/features/sessions/models/probe-schema.ts',
    code: "import type { components } from '../../../api/schema.gen'\nexport type Probe = components['schemas']['Turn']\n",
    rule: 'no-restricted-imports',
  },
  {
    hole: 'a feature folder in no list importing another feature',
    file: `src/features/${newFeature}/models/probe-feature.ts`,
    code: "import { MASK } from '../../sessions/models/mask-secrets'\nexport const probe = MASK\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    hole: 'lib importing components',
    file: 'src/lib/probe-lib.ts',
    code: "import { Field } from '../components/ui/field'\nexport const probe = Field\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    hole: 'components importing data',
    file: 'src/components/probe-components.ts',
    code: "import { isFailedTool } from '@/data/sessions/event-data'\nexport const probe = isFailedTool\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    hole: 'lib importing data',
    file: 'src/lib/probe-lib-data.ts',
    code: "import { isFailedTool } from '@/data/sessions/event-data'\nexport const probe = isFailedTool\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    hole: "the mock's lib importing its engine",
    file: 'src/mocks/lib/probe-mock.ts',
    code: "import { installEngine } from '../engine/install-engine'\nexport const probe = installEngine\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    hole: "the mock's engine importing the seed",
    file: 'src/mocks/engine/probe-seed.ts',
    code: "import * as seed from '../seed'\nexport const probe = seed\n",
    rule: 'import-x/no-restricted-paths',
  },
]

describe('lint boundaries', () => {
  it.each(probes)('refuses $hole', async ({ file, code, rule }) => {
    expect(await ruleIds(file, code)).toContain(rule)
  })

  it('lets the same imports through where the layers allow them', async () => {
    expect(
      await ruleIds('src/data/sessions/probe-client.ts', probes[0]!.code.replace('../../../', '../../')),
    ).toEqual([])
    expect(
      await ruleIds(
        'src/mocks/handlers/probe-mock.ts',
        "import { installEngine } from '../engine/install-engine'\nexport const probe = installEngine\n",
      ),
    ).toEqual([])
  })
})

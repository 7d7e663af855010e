import { availableParallelism } from 'node:os'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { messageCatalogs } from './scripts/catalog-plugin.ts'

/**
 * Two projects, split by file name so the rule needs no list: `*.test.tsx` renders components and
 * runs in happy-dom; `*.test.ts` is logic, the mock and scripts, and runs in plain Node, which starts
 * far faster. A `.test.ts` that needs browser globals says `// @vitest-environment happy-dom` on its
 * first line; the shared setup then adds the DOM part for it too.
 *
 * happy-dom rather than jsdom: the same 194 component tests took 80 s in jsdom and 49 s in
 * happy-dom here (2 cores). Neither lays out or paints; what needs a real browser (layout, focus
 * rings, contrast, scrolling) is asserted in the Playwright suite.
 */
export default defineConfig({
  plugins: [messageCatalogs(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
    pool: 'threads',
    // One worker per core. Vitest's default for `run` is one fewer: a single worker on a 2-core
    // machine, where both cores measured 94 s → 78 s for the suite; more workers than cores made
    // timing-sensitive component tests miss their waits.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'e2e/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'dom', environment: 'happy-dom', include: ['src/**/*.test.tsx'] },
      },
    ],
  },
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The first screen's data waits for the runtime config and the shell's strings, so both must be
// requested before the rest of the entry runs. Checked on the sources (no build, no timing);
// `npm run bench` measures the effect (env_list_first_paint_ms).
const root = join(import.meta.dirname, '..', '..')

describe('start-up requests', () => {
  it('are the first thing the entry imports', () => {
    const main = readFileSync(join(root, 'src', 'app', 'main.tsx'), 'utf8')
    const firstImport = /^import\s(?:[^\n]*?\sfrom\s+)?['"]([^'"]+)['"]/m.exec(main)
    expect(firstImport?.[1]).toBe('./start-requests')
  })

  it('include the runtime config, which index.html also preloads with the entry script', () => {
    const start = readFileSync(join(root, 'src', 'app', 'start-requests.ts'), 'utf8')
    expect(start).toMatch(/=\s*loadRuntimeConfig\(\)/)
    const html = readFileSync(join(root, 'index.html'), 'utf8')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toMatch(
      /<link rel="preload" href="\/console-config.json" as="fetch" crossorigin="anonymous" \/>/,
    )
  })
})

import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The first screen renders with entry.css alone, which has Tailwind's utilities only for the files
 * it names with @source. These checks read the sources (no build): every module the first screen
 * imports statically is named there, and every module it loads later brings the full stylesheet,
 * so no element is ever drawn without the utilities its classes ask for.
 */
const src = resolve(import.meta.dirname, '..')
const root = resolve(src, '..')
const FIRST_SCREEN = ['app/main.tsx', 'app/routes/environments-route.tsx'].map((file) => join(src, file))
const FULL_STYLESHEET = join(src, 'styles', 'index.css')

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string
  if (specifier.startsWith('@/')) base = join(src, specifier.slice(2))
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  else return undefined
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  throw new Error(`${relative(root, from)}: cannot resolve ${specifier}`)
}

/** Static imports (values, re-exports and side effects; not `import type`) and `import()` targets. */
function importsOf(file: string): { statics: string[]; dynamics: string[] } {
  const source = readFileSync(file, 'utf8')
  const statics: string[] = []
  const dynamics: string[] = []
  const staticImport = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(staticImport)) {
    const target = resolveImport(file, match[1] ?? '')
    if (target) statics.push(target)
  }
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const target = resolveImport(file, match[1] ?? '')
    if (target) dynamics.push(target)
  }
  return { statics, dynamics }
}

function firstScreenGraph() {
  const modules = new Set<string>()
  const later = new Set<string>()
  const pending = [...FIRST_SCREEN]
  while (pending.length > 0) {
    const file = pending.pop()
    if (file === undefined || modules.has(file)) continue
    modules.add(file)
    if (!/\.tsx?$/.test(file)) continue
    const { statics, dynamics } = importsOf(file)
    pending.push(...statics)
    for (const target of dynamics) later.add(target)
  }
  for (const file of modules) later.delete(file)
  return { modules: [...modules].filter((file) => /\.tsx?$/.test(file)), later: [...later] }
}

function entrySources(): string[] {
  const css = readFileSync(join(src, 'styles', 'entry.css'), 'utf8')
  return [...css.matchAll(/^@source\s+'([^']+)';/gm)].map((match) => resolve(src, 'styles', match[1] ?? ''))
}

describe('entry stylesheet', () => {
  const graph = firstScreenGraph()

  it('reads a first screen worth checking', () => {
    expect(graph.modules.map((file) => relative(src, file))).toEqual(
      expect.arrayContaining([
        'app/layout/app-shell.tsx',
        'features/environments/components/environments-table.tsx',
      ]),
    )
    expect(graph.later.map((file) => relative(src, file))).toEqual(
      expect.arrayContaining(['app/routes/sessions-route.tsx', 'app/palette/command-palette.tsx']),
    )
  })

  it('names every module the first screen imports', () => {
    const named = new Set(entrySources())
    const missing = graph.modules.filter((file) => !named.has(file)).map((file) => relative(src, file))
    expect(missing, 'add these to src/styles/entry.css as @source').toEqual([])
  })

  it('names only files that exist', () => {
    const stale = entrySources().filter((file) => !existsSync(file))
    expect(stale.map((file) => relative(root, file))).toEqual([])
  })

  it('leaves out the modules loaded later, which bring the full stylesheet', () => {
    const named = new Set(entrySources())
    expect(graph.later.filter((file) => named.has(file)).map((file) => relative(src, file))).toEqual([])
  })

  it('every module loaded after the first screen imports the full stylesheet itself', () => {
    const without = graph.later
      // Modules without JSX (the client's retry loop, the mock behind the demo) draw nothing.
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) => !importsOf(file).statics.includes(FULL_STYLESHEET))
      .map((file) => relative(src, file))
    expect(without, "add `import '@/styles/index.css'` to these").toEqual([])
  })

  it('leaves out only words no class string of the first screen uses', () => {
    const css = readFileSync(join(src, 'styles', 'entry.css'), 'utf8')
    const excluded = [...css.matchAll(/^@source not inline\('([^']+)'\);/gm)].flatMap((match) =>
      (match[1] ?? '').split(/\s+/),
    )
    expect(excluded).toEqual(expect.arrayContaining(['filter']))
    const uses: string[] = []
    for (const file of graph.modules) {
      const source = readFileSync(file, 'utf8')
      // Every quoted string, class lists included; a class is one of its space-separated words.
      for (const match of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
        const words = (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/)
        for (const word of excluded) {
          if (words.some((candidate) => candidate.replace(/^[\w-]+:/, '') === word))
            uses.push(`${relative(src, file)}: ${word}`)
        }
      }
    }
    expect(uses).toEqual([])
  })

  it('the entry and the full stylesheet share one set of tokens, and the full one scans every file', () => {
    const entry = readFileSync(join(src, 'styles', 'entry.css'), 'utf8')
    const full = readFileSync(FULL_STYLESHEET, 'utf8')
    expect(entry).toMatch(/^@import 'tailwindcss' source\(none\);$/m)
    expect(entry).toMatch(/^@import '\.\/tokens\.css';$/m)
    expect(full).toMatch(/^@import 'tailwindcss';$/m)
    expect(full).toMatch(/^@import '\.\/tokens\.css';$/m)
    expect(full).not.toMatch(/@source/)
  })
})

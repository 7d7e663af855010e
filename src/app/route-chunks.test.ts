import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// The first route must not download every screen: each route module stays its own lazily loaded
// chunk. Checked on the sources (no build, no timing); `npm run bench` measures the bytes.
const root = join(import.meta.dirname, '..')
const routesDir = join(root, 'app', 'routes')
const routeModules = readdirSync(routesDir)
  .filter((name) => name.endsWith('-route.tsx'))
  .map((name) => name.replace(/\.tsx$/, ''))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('route chunks', () => {
  it('has route modules to check', () => {
    expect(routeModules.length).toBeGreaterThanOrEqual(8)
  })

  it('lazy-imports every route module in the router', () => {
    const router = readFileSync(join(root, 'app', 'router.tsx'), 'utf8')
    // `screen()` is the router's lazy() that also loads the screen's message catalog (and can
    // start both early for the first screen).
    expect(router).toMatch(/function screen\([\s\S]*?= lazy\(\(\) => preload\(\)\)/)
    for (const name of routeModules) {
      expect(router, name).toMatch(
        new RegExp(`\\b(lazy|screen)\\(\\s*\\(\\) => import\\('\\./routes/${name}'\\)`),
      )
    }
  })

  it('imports no route module statically anywhere', () => {
    const offenders: string[] = []
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, 'utf8')
      for (const name of routeModules) {
        const statically = new RegExp(`(^|\\n)\\s*(import|export)[^;]*from\\s+['"][^'"]*routes/${name}['"]`)
        if (statically.test(source)) offenders.push(`${relative(root, file)} → ${name}`)
      }
    }
    expect(offenders).toEqual([])
  })
})

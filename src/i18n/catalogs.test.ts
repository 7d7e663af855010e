import { compileMessage } from '@lingui/message-utils/compileMessage'
import { parse, type Token } from '@messageformat/parser'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { flattenCatalog, idPrefixOfCatalog, localeOfCatalog } from './catalog-files'
import { LOCALES } from './i18n'

// The catalog check: English and Simplified Chinese hold exactly the ids the code uses, with
// the same placeholders, and every message is valid ICU.
const root = join(import.meta.dirname, '..')

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

const files = walk(root)
const catalogs = new Map<string, Record<string, string>>() // locale → id → message
for (const locale of LOCALES) catalogs.set(locale, {})
for (const path of files.filter((file) => /\/locales\/[\w.-]+\.json$/.test(file))) {
  const prefix = idPrefixOfCatalog(path)
  const locale = localeOfCatalog(path)
  if (!prefix || !locale) continue
  const catalog = catalogs.get(locale)
  if (!catalog) throw new Error(`${relative(root, path)}: unknown locale ${locale}`)
  const flat = flattenCatalog(prefix, JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)
  // A namespace split into parts must not define an id twice: which part wins would depend on load order.
  const twice = Object.keys(flat).filter((id) => id in catalog)
  if (twice.length > 0) throw new Error(`${relative(root, path)} repeats ${twice.join(', ')}`)
  Object.assign(catalog, flat)
}

const sources = files.filter(
  (file) =>
    /\.(ts|tsx)$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !file.includes('/testing/') &&
    !file.includes(`${join(root, 'mocks')}/`) &&
    !file.endsWith('schema.gen.ts'),
)
// t('id'), t("id"), and <RichText id="id" … /> are the only ways code names a message.
const used = new Map<string, string>() // id → first file using it
for (const file of sources) {
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]|<RichText\s+id=["']([^"']+)["']/g)) {
    const id = match[1] ?? match[2]
    if (id && !used.has(id)) used.set(id, relative(root, file))
  }
}

function placeholders(tokens: Token[], into = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') into.add(token.arg)
    if (token.type === 'plural' || token.type === 'select') {
      into.add(token.arg)
      for (const option of token.cases) placeholders(option.tokens, into)
    }
  }
  return into
}

const english = catalogs.get('en') ?? {}

describe('message catalogs', () => {
  it('has a message for every id the code uses', () => {
    const missing = [...used].filter(([id]) => !(id in english)).map(([id, file]) => `${id} (${file})`)
    expect(missing).toEqual([])
  })

  it('has no message the code does not use', () => {
    expect(Object.keys(english).filter((id) => !used.has(id))).toEqual([])
  })

  it.each(LOCALES.filter((locale) => locale !== 'en'))('is complete in %s', (locale) => {
    const translated = catalogs.get(locale) ?? {}
    expect(Object.keys(translated).filter((id) => !(id in english))).toEqual([])
    expect(Object.keys(english).filter((id) => !(id in translated))).toEqual([])
    expect(Object.keys(translated).filter((id) => !translated[id]?.trim())).toEqual([])
  })

  it.each(LOCALES)('compiles every %s message and keeps the English placeholders', (locale) => {
    const mismatched: string[] = []
    for (const [id, message] of Object.entries(catalogs.get(locale) ?? {})) {
      expect(() => compileMessage(message), `${locale} ${id}`).not.toThrow()
      const expected = [...placeholders(parse(english[id] ?? ''))].sort().join(',')
      const actual = [...placeholders(parse(message))].sort().join(',')
      if (expected !== actual) mismatched.push(`${id}: {${actual}} vs English {${expected}}`)
    }
    expect(mismatched).toEqual([])
  })

  it('finds the ids in code (guards the scan itself)', () => {
    expect(used.get('app.notFound.title')).toMatch(/not-found-route\.tsx$/)
    // Ids from a namespace's later part (locales/screens.en.json) are found like any other.
    expect(english['environments.rotate.title']).toBeDefined()
    expect(used.size).toBeGreaterThan(5)
  })
})

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { flattenCatalog, idPrefixOfCatalog, localeOfCatalog } from '../src/i18n/catalog-files.ts'

/**
 * The console's own message catalogs, read from the source tree, so a spec can find a control by
 * the text it shows in either language without copying translations into the test.
 */
export type Language = 'en' | 'zh-CN'

const SOURCE = fileURLToPath(new URL('../src', import.meta.url))

function catalogFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return catalogFiles(path)
    return /[\\/]locales[\\/][\w.-]+\.json$/.test(path) ? [path] : []
  })
}

const messages: Record<Language, Record<string, string>> = { en: {}, 'zh-CN': {} }
for (const file of catalogFiles(SOURCE)) {
  const locale = localeOfCatalog(file)
  const prefix = idPrefixOfCatalog(file)
  if ((locale !== 'en' && locale !== 'zh-CN') || prefix === null) continue
  Object.assign(
    messages[locale],
    flattenCatalog(prefix, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>),
  )
}

function raw(language: Language, id: string): string {
  const message = messages[language][id]
  if (message === undefined) throw new Error(`No message ${id} in the ${language} catalog`)
  return message
}

/** A message with simple `{name}` arguments filled in (no plurals or selects). */
export function message(language: Language, id: string, values: Record<string, string> = {}): string {
  return raw(language, id).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The message as a pattern (anywhere in a name), its arguments matching anything: for names that embed data. */
export function messagePattern(language: Language, id: string): RegExp {
  const parts = raw(language, id).split(/\{\w+\}/)
  return new RegExp(parts.map(escape).join('.+'))
}

import { waitFor } from '@testing-library/react'
import type { setupServer } from 'msw/node'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { setLocale, type Locale } from '@/i18n'
import { renderApp } from '@/testing/render-app'

// The server's enum values that are not words (`self_hosted`, `requires_action`, …), read from the
// contract, so a new one is checked as soon as it is described.
function snakeCaseEnumValues(): string[] {
  const document: unknown = parse(
    readFileSync(join(import.meta.dirname, '..', 'api', 'openapi.yaml'), 'utf8'),
  )
  const values = new Set<string>()
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>
      if (Array.isArray(record.enum))
        for (const value of record.enum)
          if (typeof value === 'string' && value.includes('_')) values.add(value)
      Object.values(record).forEach(walk)
    }
  }
  walk(document)
  return [...values]
}

const ENUMS = snakeCaseEnumValues()
// Enum values that are words, shown as the server spells them in brackets, and a command shown
// as a heading instead of in a code block.
const RAW_PATTERNS = [
  // An event type (`turn.requires_action`) is the event's name, shown as the server sends it.
  ...ENUMS.map((value) => new RegExp(`(^|[^\\w.])${value}([^\\w]|$)`)),
  /\((personal|shared|global)\)/,
  // An environment's isolation scope as the config spells it (`Isolation: SESSION`).
  /(^|[^\w])(SESSION|USER|AGENT|GLOBAL)([^\w]|$)/,
  /docker run/,
]

/** What a reader sees: the page's text without code blocks (commands and JSON are meant as typed). */
function visibleProse(): string {
  const copy = document.body.cloneNode(true) as HTMLElement
  for (const code of copy.querySelectorAll('pre, code, script, style')) code.remove()
  return (
    [...copy.querySelectorAll('*')]
      .flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE))
      .map((node) => node.textContent ?? '')
      // A preview of an event's data as JSON shows the data as sent.
      .filter((text) => !/^\s*[[{]/.test(text))
      .join('\n')
  )
}

const SCREENS = [
  '/environments',
  '/environments/env_buildworkers01',
  '/environments/env_buildworkers01?tab=workers',
  '/environments/env_buildworkers01?tab=usage',
  '/agents',
  '/agents/3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01',
  '/sessions',
  '/sessions/sess_needsapprove1',
  '/sessions/sess_needsapprove1?tab=tools',
  '/sessions/sess_needsapprove1?tab=environment',
  '/sessions/sess_labqueued0001',
]

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(async () => {
  activeServer?.close()
  activeServer = null
  await setLocale('en')
})

describe.each<Locale>(['en', 'zh-CN'])('no raw enum value on the main screens (%s)', (locale) => {
  it.each(SCREENS)('%s', async (path) => {
    await setLocale(locale)
    const app = await renderApp(path, { namespace: 'default' })
    activeServer = app.server
    // Loaded: the page heading is there and nothing says it is still loading.
    await waitFor(
      () => {
        expect(document.querySelector('h1')).not.toBeNull()
        expect(document.body.textContent).not.toMatch(/Loading|正在加载|加载中/)
      },
      { timeout: 5000 },
    )
    const prose = visibleProse()
    const found = RAW_PATTERNS.filter((pattern) => pattern.test(prose)).map((pattern) => {
      const line = prose.split('\n').find((text) => pattern.test(text))
      return `${pattern.source} in “${line?.trim()}”`
    })
    expect(found).toEqual([])
  })
})

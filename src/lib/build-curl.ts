export type CurlMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export type CurlRequest = {
  method: CurlMethod
  url: string
  headers?: ReadonlyArray<readonly [name: string, value: string]>
  /** The exact request body, already serialised (what the console sends). */
  body?: string
  /**
   * Shell variables the user sets themselves, such as TOKEN: `$TOKEN` in a header stays a variable,
   * every other `$` is escaped so names and config values cannot expand or run anything.
   */
  variables?: readonly string[]
}

/** Single quotes keep everything literal; a quote inside is closed, escaped and reopened. */
export function singleQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/** Double quotes with only the named variables left expandable. */
export function doubleQuoteWithVariables(value: string, variables: readonly string[] = []): string {
  const allowed = new Set(variables)
  let out = ''
  for (let index = 0; index < value.length; index += 1) {
    const char = value.charAt(index)
    if (char === '$') {
      const name = /^[A-Z_][A-Z0-9_]*/.exec(value.slice(index + 1))?.[0]
      if (name && allowed.has(name)) {
        out += `$${name}`
        index += name.length
        continue
      }
    }
    out += char === '"' || char === '\\' || char === '`' || char === '$' ? `\\${char}` : char
  }
  return `"${out}"`
}

/** A copy-pasteable, multi-line curl command for a request the console would send. */
export function buildCurl(request: CurlRequest): string {
  const parts = [`curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${singleQuote(request.url)}`]
  for (const [name, value] of request.headers ?? []) {
    parts.push(`-H ${doubleQuoteWithVariables(`${name}: ${value}`, request.variables)}`)
  }
  if (request.body !== undefined) parts.push(`--data-raw ${singleQuote(request.body)}`)
  return parts.join(' \\\n  ')
}

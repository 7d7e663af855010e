import { readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { parse as parseYaml } from 'yaml'

type JsonObject = Record<string, unknown>

export type SpecSource = {
  /** A name used in failure messages. */
  name: string
  /** Absolute schema id; relative `$ref`s to sibling files resolve against it. */
  id: string
  document: JsonObject
  /** Prefix the spec's paths are served under (upstream session spec: `/api/v1`). */
  pathPrefix: string
}

export type ValidationFailure = { spec: string; operation: string; status: number; errors: string }

type Operation = {
  method: string
  template: string
  regex: RegExp
  literalSegments: number
  id: string
  node: JsonObject
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** Resolves `#/components/...` references on response objects (schemas resolve inside Ajv). */
function deref(document: JsonObject, value: unknown): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value
  let node: unknown = document
  for (const part of value.$ref.slice(2).split('/')) {
    node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  }
  return node
}

export function loadSpec(path: string, name: string, pathPrefix = ''): SpecSource {
  const text = readFileSync(resolve(path), 'utf8')
  const document = (path.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as JsonObject
  return { name, id: `https://contract.local/${name}/${basename(path)}`, document, pathPrefix }
}

/** A schema file that a spec references by relative path (e.g. `./public-event-v1.schema.json`). */
export function loadSibling(spec: SpecSource, path: string): { id: string; schema: JsonObject } {
  return {
    id: new URL(basename(path), spec.id).href,
    schema: JSON.parse(readFileSync(resolve(path), 'utf8')) as JsonObject,
  }
}

/**
 * Validates real responses against OpenAPI 3.1 documents (JSON Schema 2020-12) with Ajv. A
 * response is matched to its operation by method and path template; its status must be declared
 * and its JSON body must satisfy the declared schema.
 */
export class ContractValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  private readonly operations = new Map<string, Operation[]>()
  private readonly compiled = new Map<string, ValidateFunction>()
  readonly validatedCount = new Map<string, number>()
  readonly seenOperations = new Map<string, Set<string>>()

  constructor(
    private readonly specs: SpecSource[],
    siblings: { id: string; schema: JsonObject }[] = [],
  ) {
    addFormats(this.ajv)
    for (const sibling of siblings) this.ajv.addSchema({ ...sibling.schema, $id: sibling.id })
    for (const spec of specs) {
      this.ajv.addSchema({ ...spec.document, $id: spec.id })
      const operations: Operation[] = []
      const paths = isObject(spec.document.paths) ? spec.document.paths : {}
      for (const [template, pathItem] of Object.entries(paths)) {
        if (!isObject(pathItem)) continue
        for (const [method, node] of Object.entries(pathItem)) {
          if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || !isObject(node)) continue
          const full = spec.pathPrefix + template
          const pattern = full.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')
          operations.push({
            method: method.toUpperCase(),
            template,
            regex: new RegExp(`^${pattern}$`),
            literalSegments: full.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
            id:
              typeof node.operationId === 'string' ? node.operationId : `${method.toUpperCase()} ${template}`,
            node,
          })
        }
      }
      // The most literal template wins: `/work/poll` before `/work/{workId}`.
      operations.sort((a, b) => b.literalSegments - a.literalSegments)
      this.operations.set(spec.name, operations)
      this.validatedCount.set(spec.name, 0)
      this.seenOperations.set(spec.name, new Set())
    }
  }

  findOperation(specName: string, method: string, pathname: string): Operation | undefined {
    return this.operations.get(specName)?.find((op) => op.method === method && op.regex.test(pathname))
  }

  allOperationIds(specName: string): string[] {
    return (this.operations.get(specName) ?? []).map((op) => op.id)
  }

  /**
   * Checks one response against every spec that declares its route. Returns the failures (empty
   * when valid); a route unknown to a spec is simply not that spec's business.
   */
  validate(
    method: string,
    url: string,
    status: number,
    contentType: string,
    bodyText: string,
    onlySpecs?: string[],
  ): ValidationFailure[] {
    const pathname = new URL(url).pathname
    const failures: ValidationFailure[] = []
    for (const spec of this.specs) {
      if (onlySpecs && !onlySpecs.includes(spec.name)) continue
      const operation = this.findOperation(spec.name, method, pathname)
      if (!operation) continue
      this.seenOperations.get(spec.name)?.add(operation.id)
      const fail = (errors: string) =>
        failures.push({ spec: spec.name, operation: operation.id, status, errors })
      const responses = isObject(operation.node.responses) ? operation.node.responses : {}
      const declared = deref(spec.document, responses[String(status)] ?? responses.default)
      if (!isObject(declared)) {
        fail(`status ${status} is not declared`)
        continue
      }
      const content = isObject(declared.content) ? declared.content : undefined
      if (!content || status === 204) {
        if (bodyText.trim()) fail('declared without a body but the response has one')
        this.count(spec.name)
        continue
      }
      const mediaType = Object.keys(content).find((type) =>
        contentType.toLowerCase().startsWith(type.toLowerCase()),
      )
      if (!mediaType) {
        fail(`content type "${contentType}" is not declared (${Object.keys(content).join(', ')})`)
        continue
      }
      if (!mediaType.includes('json')) {
        this.count(spec.name)
        continue
      }
      // Newline-delimited JSON (an export): every line is one JSON value, the body is not.
      if (mediaType.includes('ndjson')) {
        const bad = bodyText.split('\n').findIndex((line) => line !== '' && !isJsonText(line))
        if (bad >= 0) fail(`line ${bad + 1} is not JSON`)
        else this.count(spec.name)
        continue
      }
      let body: unknown
      try {
        body = JSON.parse(bodyText)
      } catch {
        fail('body is not JSON')
        continue
      }
      const validate = this.compile(
        spec,
        operation,
        String(status) in responses ? String(status) : 'default',
        mediaType,
      )
      if (!validate(body)) fail(this.ajv.errorsText(validate.errors, { separator: '; ' }))
      else this.count(spec.name)
    }
    return failures
  }

  /** Checks a value against one of a spec's component schemas, e.g. `PublicEvent`; null when it is valid. */
  validateComponent(specName: string, component: string, value: unknown): string | null {
    const spec = this.specs.find((candidate) => candidate.name === specName)
    if (!spec) throw new Error(`no spec named ${specName}`)
    const key = `${spec.name} #/components/schemas/${component}`
    let validate = this.compiled.get(key)
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${spec.id}#/components/schemas/${escapePointer(component)}` })
      this.compiled.set(key, validate)
    }
    return validate(value) ? null : this.ajv.errorsText(validate.errors, { separator: '; ' })
  }

  private count(specName: string) {
    this.validatedCount.set(specName, (this.validatedCount.get(specName) ?? 0) + 1)
  }

  private compile(
    spec: SpecSource,
    operation: Operation,
    statusKey: string,
    mediaType: string,
  ): ValidateFunction {
    const key = `${spec.name} ${operation.method} ${operation.template} ${statusKey} ${mediaType}`
    const cached = this.compiled.get(key)
    if (cached) return cached
    const responses = operation.node.responses as JsonObject
    const raw = responses[statusKey]
    // Point at the schema inside the document so its internal $refs resolve against it.
    const pointer =
      isObject(raw) && typeof raw.$ref === 'string'
        ? `${raw.$ref}/content/${escapePointer(mediaType)}/schema`
        : `#/paths/${escapePointer(operation.template)}/${operation.method.toLowerCase()}/responses/${statusKey}/content/${escapePointer(mediaType)}/schema`
    const validate = this.ajv.compile({ $ref: `${spec.id}${pointer}` })
    this.compiled.set(key, validate)
    return validate
  }
}

/** Validates single events against the upstream public event schema. */
export function createEventValidator(path: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  const schema = JSON.parse(readFileSync(resolve(path), 'utf8')) as JsonObject
  const validate = ajv.compile(schema)
  return (event: unknown): string | null =>
    validate(event) ? null : ajv.errorsText(validate.errors, { separator: '; ' })
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

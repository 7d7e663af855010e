import type { Agent, AgentDefinition, AgentDefinitionEnvelope, AgentVersion, SavedDefinition } from './types'
import { expectList, expectRecord, malformedField } from '@/api/response-guards'
import { isRecord, readNumber, readString, readText, readTime } from '@/lib/read-fields'

/** One catalog agent, named by `displayName` (C5), with ISO or epoch times as epoch ms. */
export function decodeAgent(value: unknown, what = 'agent'): Agent {
  const record = expectRecord(value, what)
  const id = readText(record.id)
  if (!id) throw malformedField(what, 'id')
  const displayName = readText(record.displayName)
  const agentKey = readText(record.agentKey)
  return {
    id,
    name: displayName ?? readText(record.name) ?? agentKey ?? id,
    displayName,
    agentKey,
    description: readText(record.description),
    status: readText(record.status) ?? 'active',
    tenant: readText(record.tenant),
    namespace: readText(record.namespace),
    createdAt: readTime(record.createdAt),
    updatedAt: readTime(record.updatedAt),
    archivedAt: readTime(record.archivedAt),
  }
}

/** `{items:[…]}` (upstream and our contract) or a bare array. */
export function decodeAgentList(value: unknown): Agent[] {
  const items = Array.isArray(value) ? value : expectRecord(value, 'agents', ['items']).items
  return expectList(items, 'agents').map((item) => decodeAgent(item))
}

/**
 * A definition body. `version` is what a PATCH must send back; a version snapshot may omit it
 * (the entry around it carries it), so the caller can supply it. Every other field is kept as
 * sent, except `updatedAt`, read as epoch ms for display (the PATCH does not send it back).
 */
function decodeAgentDefinition(
  value: unknown,
  what = 'agent definition',
  fallbackVersion?: number,
): AgentDefinition {
  const record = expectRecord(value, what)
  const version = readNumber(record.version) ?? fallbackVersion
  if (version === undefined) throw malformedField(what, 'version')
  const updatedAt = readTime(record.updatedAt)
  const { updatedAt: _sent, ...rest } = record
  return {
    ...rest,
    version,
    name: readString(record.name) ?? '',
    ...(updatedAt === null ? {} : { updatedAt }),
  }
}

/** `GET …/definition`: `{agentId, definition}`. */
export function decodeDefinitionEnvelope(value: unknown, agentId: string): AgentDefinitionEnvelope {
  const record = expectRecord(value, 'agent definition', ['definition'])
  return {
    agentId: readText(record.agentId) ?? agentId,
    definition: decodeAgentDefinition(record.definition),
  }
}

/** `PATCH …/definition`: upstream answers `{agent, definition}` (C6), older servers `{agentId, definition}`. */
export function decodeSavedDefinition(value: unknown): SavedDefinition {
  const record = expectRecord(value, 'saved agent definition', ['definition'])
  return {
    definition: decodeAgentDefinition(record.definition, 'saved agent definition'),
    agent: isRecord(record.agent) && readText(record.agent.id) ? decodeAgent(record.agent) : null,
  }
}

function decodeVersionEntry(value: unknown, what: string): AgentVersion {
  const record = expectRecord(value, what)
  const version = readNumber(record.version)
  if (version === null) throw malformedField(what, 'version')
  const body = record.snapshot ?? record.definition
  return {
    version,
    createdAt: readTime(record.createdAt),
    createdBy: readText(record.createdBy),
    summary: readText(record.summary),
    definition: isRecord(body) ? decodeAgentDefinition(body, what, version) : null,
  }
}

/**
 * The definition history: upstream `{agentId, versions:[{version, snapshot, createdAt}]}` (C1),
 * our older `{items:[{version, definition, createdAt, createdBy, summary}]}`, or a bare array.
 */
export function decodeVersionList(value: unknown): AgentVersion[] {
  const entries = Array.isArray(value)
    ? value
    : (() => {
        const record = expectRecord(value, 'agent versions')
        return record.versions ?? record.items
      })()
  return expectList(entries, 'agent versions').map((entry) => decodeVersionEntry(entry, 'agent version'))
}

/** One version: upstream `{agentId, version:{…}}` (C1), or the entry itself on older servers. */
export function decodeVersion(value: unknown): AgentVersion {
  const record = expectRecord(value, 'agent version')
  return decodeVersionEntry(isRecord(record.version) ? record.version : record, 'agent version')
}

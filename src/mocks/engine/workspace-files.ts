import type { components } from '@/api/schema.gen'
import type { MockDb } from '../db/types'

type Schemas = components['schemas']

/**
 * In-memory working files: one flat map of `relative/path → content` per partition (directories
 * are implied by the paths). Kept in the MockDb so the demo's files survive a reload with the rest.
 */
export type FileMap = Map<string, string>

export type IsolationScope = 'SESSION' | 'USER' | 'AGENT' | 'GLOBAL'

/** `config.isolationScope` as the server reads it for every type; anything else means SESSION. */
export function isolationScopeOf(environment: Schemas['Environment']): IsolationScope {
  const raw = environment.config?.isolationScope
  const scope = typeof raw === 'string' ? raw.toUpperCase() : 'SESSION'
  return scope === 'USER' || scope === 'AGENT' || scope === 'GLOBAL' ? scope : 'SESSION'
}

/**
 * Who shares the files: one session, every session of the owner, of the agent, or everyone on the
 * environment. `name` doubles as the work directory name a self-hosted worker uses.
 */
export function isolationPartition(
  environment: Schemas['Environment'],
  session: Schemas['Session'],
): { scope: IsolationScope; name: string } {
  const scope = isolationScopeOf(environment)
  switch (scope) {
    case 'USER':
      return { scope, name: `user-${session.ownerId ?? 'unknown'}` }
    case 'AGENT':
      return { scope, name: `agent-${session.agentId}` }
    case 'GLOBAL':
      return { scope, name: 'global' }
    case 'SESSION':
      return { scope, name: session.id }
  }
}

/** What a fresh working directory holds, so listing, globbing and grepping have something to find. */
export const TEMPLATE_FILES: Readonly<Record<string, string>> = {
  'README.md':
    '# release-tools\n\nScripts that cut releases and draft release notes.\n\nRun `python -m pytest` before tagging.\n',
  'CHANGELOG.md': '# Changelog\n\n## v2.4.0\n\n- Group entries by scope\n',
  'release_tools/__init__.py': '__version__ = "2.4.0"\n',
  'release_tools/changelog.py':
    'def sections(entries):\n    # TODO: group entries by scope\n    return sorted(entries)\n',
  'release_tools/versioning.py':
    'def bump(version, part):\n    # TODO: support pre-release tags\n    major, minor, patch = map(int, version.split("."))\n    return f"{major}.{minor + 1}.0" if part == "minor" else f"{major}.{minor}.{patch + 1}"\n',
  'tests/test_changelog.py':
    'from release_tools.changelog import sections\n\n\ndef test_sorted():\n    assert sections(["b", "a"]) == ["a", "b"]\n',
  'data/metrics.csv': 'week,revenue,retention\n2026-W40,10420.50,0.81\n2026-W41,11873.10,0.83\n',
}

/** The partition's files, created from the template on first use. */
export function openWorkspace(db: MockDb, key: string): FileMap {
  let files = db.workspaces.get(key)
  if (!files) {
    files = new Map(Object.entries(TEMPLATE_FILES))
    db.workspaces.set(key, files)
  }
  return files
}

/** Files and directories directly under `dir` ('' = the root), directories with a trailing `/`. */
export function listDirectory(files: FileMap, dir: string): string[] | null {
  const prefix = dir === '' ? '' : `${dir}/`
  const entries = new Set<string>()
  for (const path of files.keys()) {
    if (!path.startsWith(prefix)) continue
    const rest = path.slice(prefix.length)
    const slash = rest.indexOf('/')
    entries.add(slash < 0 ? rest : `${rest.slice(0, slash)}/`)
  }
  if (entries.size === 0 && dir !== '' && !files.has(dir)) return null
  return [...entries].sort()
}

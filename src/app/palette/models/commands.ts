/**
 * The command palette's pure half: what can be jumped to or run, and how a typed query ranks
 * them. Kept free of React and of the API so the ranking is tested on its own.
 */
export type CommandGroup = 'navigate' | 'action' | 'environment' | 'agent' | 'session'

export type Command = {
  id: string
  group: CommandGroup
  /** What the list shows (already translated, or the resource's own name). */
  label: string
  /** A second line: type, id, status. */
  detail?: string
  /** Extra text a query may match (ids, keys, agent names). */
  keywords?: string[]
  /** Where to go; actions without a target run `perform` instead. */
  to?: string
  perform?: () => void
}

export type Searchable = { id: string; label: string; detail?: string; keywords?: string[] }

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/**
 * How well `query` matches a command: 0 means not at all. An exact id or name wins, then a name
 * that starts with the query, then a word in the name, then anywhere in the name, id or keywords;
 * every word of a multi-word query must match somewhere.
 */
export function scoreCommand(command: Searchable, query: string): number {
  const words = normalize(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return 1
  const label = normalize(command.label)
  const haystack = [label, normalize(command.id), ...(command.keywords ?? []).map(normalize)]
  let score = 0
  for (const word of words) {
    if (haystack.slice(1).some((text) => text === word) || label === word) score += 100
    else if (label.startsWith(word)) score += 60
    else if (label.split(/[\s\-_./]+/).some((part) => part.startsWith(word))) score += 40
    else if (haystack.some((text) => text.includes(word))) score += 20
    else return 0
  }
  return score
}

/** Commands matching `query`, best first; ties keep their given order (navigation, actions, …). */
export function rankCommands<T extends Searchable>(commands: T[], query: string, limit = 50): T[] {
  return commands
    .map((command, index) => ({ command, index, score: scoreCommand(command, query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.command)
}

const ID_PATTERNS: { prefix: string; group: CommandGroup; path: string }[] = [
  { prefix: 'env_', group: 'environment', path: '/environments/' },
  { prefix: 'agt_', group: 'agent', path: '/agents/' },
  { prefix: 'sess_', group: 'session', path: '/sessions/' },
]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A pasted id opens its page even when it is not among the loaded rows (the lists are capped,
 * and sessions have no name to search by).
 */
export function directJump(query: string): { group: CommandGroup; id: string; to: string } | null {
  const id = query.trim()
  if (!/^[\w-]+$/.test(id)) return null
  const pattern = ID_PATTERNS.find(
    (candidate) => id.startsWith(candidate.prefix) && id.length > candidate.prefix.length,
  )
  if (pattern) return { group: pattern.group, id, to: `${pattern.path}${encodeURIComponent(id)}` }
  // Upstream's catalog names agents by UUID (api-notes C5), other servers by `agt_…`; of the ids
  // the console opens only an agent's comes as a bare UUID.
  return UUID.test(id) ? { group: 'agent', id, to: `/agents/${id}` } : null
}

/** The next highlighted row for ArrowUp/ArrowDown/Home/End, wrapping at the ends. */
export function moveActive(current: number, count: number, key: string): number {
  if (count === 0) return -1
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count
    case 'ArrowUp':
      return (current - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return current
  }
}

/**
 * The console address of a sub-agent: `/sessions/{root}/subagents/{child}/{grandchild}/…`, the
 * path from the caller's session down to it. Every read goes through the root (upstream
 * authorises any linked descendant there); the path is for the way back, one level at a time.
 */
export function subagentPath(rootId: string, chain: readonly string[]): string {
  const base = `/sessions/${encodeURIComponent(rootId)}`
  return chain.length === 0 ? base : `${base}/subagents/${chain.map(encodeURIComponent).join('/')}`
}

/** The sub-agent ids of a route's `*` part (`child/grandchild`), in order; empty parts dropped. */
export function parseSubagentChain(splat: string | undefined): string[] {
  return (splat ?? '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part))
}

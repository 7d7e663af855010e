/**
 * The line the upstream-worker journeys leave in the e2e report (e2e/upstream-worker.spec.ts): an
 * annotation on each test that ran, or the reason every one of them was skipped.
 */
export function upstreamWorkerLine(report: unknown): string {
  type Annotated = { annotations?: { description?: unknown }[] }
  const found = new Map<string, number>()
  const lines = (annotated: Annotated) =>
    (annotated.annotations ?? [])
      .map((annotation) => (typeof annotation.description === 'string' ? annotation.description : ''))
      .filter((text) => /^upstream worker e2e (ran|skipped)/.test(text))
  // A test's annotations are listed on the test and again on each of its results: one count per test.
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!node || typeof node !== 'object') return
    if ('expectedStatus' in node) {
      const test = node as Annotated & { results?: Annotated[] }
      const texts = new Set([...lines(test), ...(test.results ?? []).flatMap(lines)])
      for (const text of texts) found.set(text, (found.get(text) ?? 0) + 1)
      return
    }
    Object.values(node).forEach(visit)
  }
  if (report === null) return 'upstream worker e2e: no e2e report'
  visit(report)
  if (found.size === 0) return 'upstream worker e2e: not reported by the e2e suite'
  return [...found].map(([text, tests]) => `${text} (${tests} ${tests === 1 ? 'test' : 'tests'})`).join('; ')
}

import { describe, expect, it } from 'vitest'
import { upstreamWorkerLine } from './upstream-worker-line'

const SKIPPED = 'upstream worker e2e skipped: /nowhere has no HandsWorkerMain.java (set UPSTREAM_WORKER_DIR)'
const RAN = 'upstream worker e2e ran against /shared/worker'

/** A Playwright JSON report: a file suite with specs, each test annotated on itself and its results. */
function report(tests: { annotations: string[]; resultAnnotations?: string[] }[]) {
  const annotate = (texts: string[]) => texts.map((description) => ({ type: 'note', description }))
  return {
    suites: [
      {
        title: 'upstream-worker.spec.ts',
        specs: tests.map((test, index) => ({
          title: `test ${index}`,
          tests: [
            {
              expectedStatus: 'passed',
              annotations: annotate(test.annotations),
              results: [
                { status: 'passed', annotations: annotate(test.resultAnnotations ?? test.annotations) },
              ],
            },
          ],
        })),
      },
    ],
  }
}

describe('the summary line of the upstream-worker journeys', () => {
  it('counts each test once, though Playwright lists its annotations on the test and on its result', () => {
    expect(upstreamWorkerLine(report([{ annotations: [RAN] }, { annotations: [RAN] }]))).toBe(
      `${RAN} (2 tests)`,
    )
  })

  it('reads annotations added while the test ran (they are on the result only)', () => {
    expect(upstreamWorkerLine(report([{ annotations: [], resultAnnotations: [RAN] }]))).toBe(
      `${RAN} (1 test)`,
    )
  })

  it('repeats the reason they were skipped', () => {
    expect(upstreamWorkerLine(report([{ annotations: [SKIPPED] }, { annotations: [SKIPPED] }]))).toBe(
      `${SKIPPED} (2 tests)`,
    )
  })

  it('says so when the e2e run did not include them, or wrote no report', () => {
    expect(upstreamWorkerLine(report([{ annotations: ['something else'] }]))).toBe(
      'upstream worker e2e: not reported by the e2e suite',
    )
    expect(upstreamWorkerLine(null)).toBe('upstream worker e2e: no e2e report')
  })
})

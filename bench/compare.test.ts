import { describe, expect, it } from 'vitest'
import { compare, formatRatio, formatTable, roundRatio } from './compare'

describe('compare', () => {
  it('takes the median of per-round ratios, not the ratio of medians', () => {
    // Round 2 ran while the machine was busy: both builds slowed, the ratio barely moved.
    const result = compare([100, 400, 90], [200, 700, 150])
    expect(result.value).toBe(100)
    expect(result.baseline).toBe(200)
    expect(result.ratio).toBe(0.57)
    expect(result.ratioMin).toBe(0.5)
    expect(result.ratioMax).toBe(0.6)
    expect(result.rounds).toBe(3)
    expect(formatRatio(result)).toBe('0.57 (0.50–0.60)')
  })

  it('reads both zero as the same and leaves out rounds without a finite ratio', () => {
    expect(roundRatio(0, 0)).toBe(1)
    expect(roundRatio(12, 0)).toBeNull()
    expect(roundRatio(Number.NaN, 10)).toBeNull()
    const result = compare([0, 5, 3], [0, 0, Number.NaN])
    expect(result.ratio).toBe(1)
    expect(result.rounds).toBe(1)
  })

  it('has no ratio when the baseline cannot measure the figure', () => {
    const result = compare([10, 12], [Number.NaN, Number.NaN])
    expect(result.ratio).toBeNull()
    expect(Number.isNaN(result.baseline)).toBe(true)
    expect(formatRatio(result)).toBe('n/a')
  })

  it('pads the table to its widest cells', () => {
    expect(
      formatTable(
        ['figure', 'ms'],
        [
          ['a', '1'],
          ['bb', '100'],
        ],
      ),
    ).toBe('figure   ms\n------  ---\na         1\nbb      100')
  })
})

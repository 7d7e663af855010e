/**
 * Side-by-side figures for `npm run bench -- --baseline <ref>`. Each round measures both builds
 * back to back, so a round's two samples share the machine's load of that moment; their ratio
 * cancels most of it, while the absolute figures move with whatever else the machine is doing.
 */

export type Comparison = {
  /** Median of this tree's samples. */
  value: number
  /** Median of the baseline's samples. */
  baseline: number
  /** Median of the per-round ratios this tree / baseline; null when no round gives one. */
  ratio: number | null
  ratioMin: number | null
  ratioMax: number | null
  /** Rounds that gave a ratio. */
  rounds: number
}

export function median(values: number[]): number {
  const finite = values.filter(Number.isFinite)
  if (finite.length === 0) return Number.NaN
  const sorted = [...finite].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return Math.round(value * 10) / 10
}

/**
 * One round's ratio: both zero is "the same" (1: no long task in either, nothing missing in
 * either); a zero baseline against a non-zero figure has no finite ratio and is left out, as is a
 * round where either build could not measure the figure (NaN: the baseline predates it).
 */
export function roundRatio(value: number, baseline: number): number | null {
  if (!Number.isFinite(value) || !Number.isFinite(baseline)) return null
  if (baseline === 0) return value === 0 ? 1 : null
  return value / baseline
}

const round2 = (value: number) => Math.round(value * 100) / 100

/** `values[i]` and `baseline[i]` are the same round's samples. */
export function compare(values: number[], baseline: number[]): Comparison {
  const ratios: number[] = []
  for (let index = 0; index < Math.min(values.length, baseline.length); index += 1) {
    const ratio = roundRatio(values[index]!, baseline[index]!)
    if (ratio !== null) ratios.push(ratio)
  }
  const sorted = [...ratios].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const ratio =
    sorted.length === 0
      ? null
      : round2(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2)
  return {
    value: median(values),
    baseline: median(baseline),
    ratio,
    ratioMin: sorted.length ? round2(sorted[0]!) : null,
    ratioMax: sorted.length ? round2(sorted[sorted.length - 1]!) : null,
    rounds: sorted.length,
  }
}

/** `0.79 (0.71–0.88)`, or `n/a` when no round gave a ratio. */
export function formatRatio(comparison: Comparison): string {
  if (comparison.ratio === null) return 'n/a'
  return `${comparison.ratio.toFixed(2)} (${comparison.ratioMin!.toFixed(2)}–${comparison.ratioMax!.toFixed(2)})`
}

/** A plain-text table, columns padded to their widest cell, numbers right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ')
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n')
}

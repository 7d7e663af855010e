/** The row that holds a list's single Tab stop, by key (its index moves when rows are rebuilt). */
export type ActiveRow = { key: string; index: number }

/** Where the active row is now; a row that is gone (filtered, collapsed) leaves its place. */
export function indexOfActiveRow(rows: readonly { key: string }[], active: ActiveRow | null): number | null {
  if (active === null || rows.length === 0) return null
  if (rows[active.index]?.key === active.key) return active.index
  const found = rows.findIndex((row) => row.key === active.key)
  // The row is gone (a filter or a collapse hid it): stay at the same place in the list.
  return found >= 0 ? found : Math.min(active.index, rows.length - 1)
}

import { formatNumber } from '@/lib/format-number'

/** Bytes as people read them (binary units, as the server's 16 MiB limit is stated). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`
  const units = ['KiB', 'MiB', 'GiB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${formatNumber(Math.round(value * 10) / 10)} ${units[unit]}`
}

/** Only https references can be published (the server refuses others with 400). */
export function isHttpsReference(text: string): boolean {
  return /^https:\/\/\S+$/i.test(text.trim())
}

/** Characters of a long text shown at first, and added by each "Show more". */
export const TEXT_PREVIEW_CHARS = 20_000

export type TruncatedText = { text: string; isTruncated: boolean; hidden: number }

/**
 * The first `limit` characters of `text` (a 5 MB tool output must not become one 5 MB DOM node),
 * never cutting a surrogate pair in half; `hidden` is how many characters are left out.
 */
export function truncateText(text: string, limit: number): TruncatedText {
  if (text.length <= limit) return { text, isTruncated: false, hidden: 0 }
  const code = text.charCodeAt(limit - 1)
  const end = code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit
  return { text: text.slice(0, end), isTruncated: true, hidden: text.length - end }
}

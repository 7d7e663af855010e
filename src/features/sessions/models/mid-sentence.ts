/**
 * A label ("Terminal output", "Event JSON") as it reads inside a sentence: the first word loses its
 * capital unless it is written in capitals (an acronym such as JSON). Scripts without case, such
 * as Chinese, are unchanged.
 */
export function midSentence(label: string): string {
  const firstWord = /^\S+/.exec(label)?.[0] ?? ''
  const isAcronym = firstWord.length > 1 && firstWord === firstWord.toUpperCase()
  if (!firstWord || isAcronym) return label
  return label.charAt(0).toLowerCase() + label.slice(1)
}

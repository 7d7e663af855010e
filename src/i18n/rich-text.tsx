import { Fragment, type ReactNode } from 'react'
import { t } from './i18n'

/**
 * A translated sentence with elements inside it (`Nothing lives at {path}.` with the path in
 * <code>). Each element placeholder is swapped for a private-use marker, the message is
 * translated as plain text, and the markers are replaced by the elements, so translators move
 * the element within the sentence and untrusted values still render as text.
 */
export function RichText({ id, values }: { id: string; values: Record<string, ReactNode> }) {
  const plain: Record<string, unknown> = {}
  const elements: ReactNode[] = []
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') plain[name] = value
    else {
      plain[name] = `\uE000${elements.length}\uE001`
      elements.push(value)
    }
  }
  // eslint-disable-next-line no-restricted-syntax -- callers pass a literal id, which the catalog check reads
  const parts = t(id, plain).split(/\uE000(\d+)\uE001/)
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? part : <Fragment key={index}>{elements[Number(part)]}</Fragment>,
      )}
    </>
  )
}

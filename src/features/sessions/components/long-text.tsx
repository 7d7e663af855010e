import { useState } from 'react'
import { midSentence } from '../models/mid-sentence'
import { TEXT_PREVIEW_CHARS, truncateText } from '../models/truncate-text'
import { Button } from '@/components/ui/button'
import { useT } from '@/i18n'
import { downloadText } from '@/lib/download'

/**
 * A possibly huge text (tool output, raw JSON) shown in slices: the first 20,000 characters, more
 * on request, and the whole of it as a download. `children` renders the visible slice.
 */
export function LongText({
  text,
  filename,
  label,
  children,
}: {
  text: string
  filename: string
  label: string
  children: (visible: string) => React.ReactNode
}) {
  const { t } = useT('sessions')
  const [limit, setLimit] = useState(TEXT_PREVIEW_CHARS)
  const shown = truncateText(text, limit)
  return (
    <>
      {children(shown.text)}
      {shown.isTruncated ? (
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" role="status">
          <span>
            {t('sessions.longText.showing', {
              shown: shown.text.length,
              total: text.length,
              label: midSentence(label),
            })}
          </span>
          <Button size="sm" variant="ghost" onClick={() => setLimit((value) => value * 5)}>
            {t('sessions.longText.showMore')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => downloadText(filename, text, 'text/plain')}>
            {t('sessions.longText.downloadFull', { label: midSentence(label) })}
          </Button>
        </div>
      ) : null}
    </>
  )
}

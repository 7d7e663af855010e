import { useState } from 'react'
import type { AgentDefinitionUpdate } from '../models/agent-types'
import { definitionPatchCurl, type ScopeHeaders } from '../models/definition-patch-curl'
import { apiBaseUrl } from '@/api/client'
import { Button } from '@/components/ui/button'
import { CodeBlock } from '@/components/ui/code-block'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { useT } from '@/i18n'

export function CopyDefinitionCurlDialog({
  agentId,
  body,
  scope,
}: {
  agentId: string
  /** null until the definition is loaded. */
  body: AgentDefinitionUpdate | null
  scope: ScopeHeaders
}) {
  const { t } = useT('agents')
  const [isOpen, setIsOpen] = useState(false)
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <Button disabled={body === null} onClick={() => setIsOpen(true)}>
        {t('agents.curl.open')}
      </Button>
      <DialogContent
        className="w-[min(96vw,48rem)]"
        title={t('agents.curl.title')}
        description={t('agents.curl.description')}
      >
        {body ? (
          <CodeBlock
            label={t('agents.curl.codeLabel')}
            copyLabel={t('agents.curl.copy')}
            code={definitionPatchCurl({ baseUrl: apiBaseUrl(), agentId, body, scope })}
          />
        ) : null}
        <DialogFooter>
          <Button onClick={() => setIsOpen(false)}>{t('agents.curl.close')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

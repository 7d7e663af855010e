import { useState } from 'react'
import type { AgentDefinitionUpdate } from '../models/agent-types'
import { definitionPatchCurl, type ScopeHeaders } from '../models/definition-patch-curl'
import { apiBaseUrl } from '@/api/client'
import { Button } from '@/components/ui/button'
import { CodeBlock } from '@/components/ui/code-block'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'

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
  const [isOpen, setIsOpen] = useState(false)
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <Button disabled={body === null} onClick={() => setIsOpen(true)}>
        Copy as curl
      </Button>
      <DialogContent
        className="w-[min(96vw,48rem)]"
        title="Save the session defaults with curl"
        description="The same read-modify-write PATCH the Save button sends: every writable field of the definition you started from, your defaults, and that version. Set TOKEN to your API token first."
      >
        {body ? (
          <CodeBlock
            label="PATCH request"
            copyLabel="Copy the curl command"
            code={definitionPatchCurl({ baseUrl: apiBaseUrl(), agentId, body, scope })}
          />
        ) : null}
        <DialogFooter>
          <Button onClick={() => setIsOpen(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

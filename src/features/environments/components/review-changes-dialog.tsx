import { ConfigDiffView } from './config-diff-view'
import { CopyCurlButton } from './curl-scope'
import type { ConfigChange } from '../models/config-diff'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'

/** The diff before saving: what the PATCH will change, and that it replaces the whole config. */
export function ReviewChangesDialog({
  open,
  onOpenChange,
  environmentId,
  nameChange,
  changes,
  body,
  error,
  isSaving,
  onSave,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  environmentId: string
  nameChange: { before: string; after: string } | null
  changes: ConfigChange[]
  body: unknown
  error: string | null
  isSaving: boolean
  onSave: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Review changes"
        description="Saving replaces the whole config on the server. Keys you did not touch are sent back unchanged."
        className="w-[min(94vw,48rem)]!"
      >
        <div className="flex flex-col gap-3 text-sm">
          {nameChange ? (
            <p>
              Name: <del className="text-destructive">{nameChange.before}</del> →{' '}
              <ins className="text-success no-underline">{nameChange.after}</ins>
            </p>
          ) : null}
          <ConfigDiffView changes={changes} label="Config changes to save" />
          <p className="text-xs text-muted-foreground">
            Changes apply to new work only. Running work keeps its current setup.
          </p>
          {error ? (
            <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter className="items-center">
          <span className="mr-auto">
            <CopyCurlButton request={{ action: 'edit', environmentId, body }} />
          </span>
          <Button onClick={() => onOpenChange(false)}>Keep editing</Button>
          <Button variant="primary" disabled={isSaving} onClick={onSave}>
            {isSaving ? 'Saving…' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

import { Dialog, DialogContent } from '@/components/ui/dialog'
import { ChoiceField } from '@/components/ui/field'
import { useT } from '@/i18n'
import { useSingleKeyShortcuts } from '@/lib/single-key-shortcuts'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

function Keys({ keys }: { keys: string[][] }) {
  const { t } = useT('palette')
  return (
    <span className="flex flex-wrap items-center gap-1">
      {keys.map((combo, index) => (
        <span key={combo.join('+')} className="flex items-center gap-1">
          {index > 0 ? (
            <span className="text-xs text-muted-foreground">{t('palette.shortcuts.then')}</span>
          ) : null}
          {combo.map((key) => (
            <kbd key={key} className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">
              {key}
            </kbd>
          ))}
        </span>
      ))}
    </span>
  )
}

/** `?`: every shortcut the console answers to, in one table. */
export function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useT('palette')
  const isEnabled = useSingleKeyShortcuts((state) => state.isEnabled)
  const setEnabled = useSingleKeyShortcuts((state) => state.setEnabled)
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)
  const rows: { keys: string[][]; label: string }[] = [
    { keys: [[isMac ? '⌘' : 'Ctrl', 'K']], label: t('palette.shortcuts.palette') },
    { keys: [['?']], label: t('palette.shortcuts.help') },
    { keys: [['g'], ['e']], label: t('palette.shortcuts.goEnvironments') },
    { keys: [['g'], ['a']], label: t('palette.shortcuts.goAgents') },
    { keys: [['g'], ['s']], label: t('palette.shortcuts.goSessions') },
    { keys: [['j']], label: t('palette.shortcuts.nextEvent') },
    { keys: [['k']], label: t('palette.shortcuts.previousEvent') },
    { keys: [['Esc']], label: t('palette.shortcuts.closeDialog') },
  ]
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('palette.shortcuts.title')} description={t('palette.shortcuts.description')}>
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('palette.shortcuts.keys')}</th>
              <th scope="col">{t('palette.shortcuts.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-border last:border-0">
                <td className="py-2 pr-4 align-top whitespace-nowrap">
                  <Keys keys={row.keys} />
                </td>
                <td className="py-2">{row.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ChoiceField
          label={t('palette.shortcuts.singleKeys')}
          hint={t('palette.shortcuts.singleKeysHint')}
          className="mt-4"
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              className="size-4 accent-primary"
              checked={isEnabled}
              onChange={(event) => setEnabled(event.target.checked)}
            />
          )}
        </ChoiceField>
      </DialogContent>
    </Dialog>
  )
}

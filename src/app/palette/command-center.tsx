import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { shortcutFor } from './models/shortcuts'
import { loadNamespace, useT } from '@/i18n'
import { isDialogOpen, isTypingTarget, useSingleKeyShortcuts } from '@/lib/single-key-shortcuts'

// The dialogs load on first use, so the keyboard layer adds almost nothing to the first screen.
const CommandPalette = lazy(() =>
  Promise.all([import('./command-palette'), loadNamespace('palette')]).then(([module]) => ({
    default: module.CommandPalette,
  })),
)
const ShortcutsDialog = lazy(() =>
  Promise.all([import('./shortcuts-dialog'), loadNamespace('palette')]).then(([module]) => ({
    default: module.ShortcutsDialog,
  })),
)

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/**
 * The console's global keyboard layer: Ctrl/Cmd-K for the palette, `?` for the shortcut list,
 * `g` then e/a/s to jump to a list; plus a header button that opens the palette for pointer users.
 * Mounted once by the app shell.
 */
export function CommandCenter() {
  const { t } = useT('app')
  const navigate = useNavigate()
  const [isPaletteOpen, setIsPaletteOpen] = useState(false)
  const [isHelpOpen, setIsHelpOpen] = useState(false)
  const [hasOpened, setHasOpened] = useState({ palette: false, help: false })
  const leaderAt = useRef<number | null>(null)

  const openPalette = () => {
    setHasOpened((current) => ({ ...current, palette: true }))
    setIsPaletteOpen(true)
  }
  const openHelp = () => {
    setHasOpened((current) => ({ ...current, help: true }))
    setIsHelpOpen(true)
  }

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return
      const now = performance.now()
      const action = shortcutFor(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          isTyping: isTypingTarget(event.target),
          isDialogOpen: isDialogOpen(),
          areSingleKeysOn: useSingleKeyShortcuts.getState().isEnabled,
        },
        leaderAt.current,
        now,
      )
      leaderAt.current = action?.kind === 'leader' ? now : null
      if (!action || action.kind === 'leader') return
      event.preventDefault()
      if (action.kind === 'palette') {
        setHasOpened((current) => ({ ...current, palette: true }))
        setIsPaletteOpen(true)
      } else if (action.kind === 'help') {
        setHasOpened((current) => ({ ...current, help: true }))
        setIsHelpOpen(true)
      } else void navigate(action.to)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [navigate])

  return (
    <>
      <button
        type="button"
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        className="flex h-8 items-center gap-2 rounded-md border border-border px-2 text-sm text-muted-foreground hover:bg-muted"
        onClick={openPalette}
      >
        {t('app.shell.search')}
        <kbd className="rounded border border-border px-1 font-mono text-xs">{isMac() ? '⌘K' : 'Ctrl K'}</kbd>
      </button>
      <Suspense fallback={null}>
        {hasOpened.palette ? (
          <CommandPalette isOpen={isPaletteOpen} onOpenChange={setIsPaletteOpen} onShowShortcuts={openHelp} />
        ) : null}
        {hasOpened.help ? <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} /> : null}
      </Suspense>
    </>
  )
}

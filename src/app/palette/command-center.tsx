import { lazy, Suspense, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { isPaletteChord, type ShortcutAction } from './models/shortcuts'
import type { ShortcutHandler } from './shortcut-listener'
import { loadNamespace, useT } from '@/i18n'
import { isDialogOpen } from '@/lib/keyboard-context'

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

  const openPalette = () => {
    setHasOpened((current) => ({ ...current, palette: true }))
    setIsPaletteOpen(true)
  }
  const openHelp = () => {
    setHasOpened((current) => ({ ...current, help: true }))
    setIsHelpOpen(true)
  }

  // The shortcut code loads with the first key press, not with the first screen. Until it is in,
  // presses are kept and replayed in order; Ctrl/Cmd-K is kept from the browser (which would
  // open its own search) at once.
  useEffect(() => {
    let handle: ShortcutHandler | undefined
    let isLoading = false
    let isMounted = true
    const early: KeyboardEvent[] = []
    const onAction = (action: Exclude<ShortcutAction, { kind: 'leader' }>) => {
      if (action.kind === 'palette') openPalette()
      else if (action.kind === 'help') openHelp()
      else void navigate(action.to)
    }
    function onKeyDown(event: KeyboardEvent) {
      if (handle) return handle(event, false)
      if (event.defaultPrevented || event.isComposing) return
      if (isPaletteChord(event) && !isDialogOpen()) event.preventDefault()
      early.push(event)
      if (isLoading) return
      isLoading = true
      import('./shortcut-listener').then(
        ({ createShortcutHandler }) => {
          if (!isMounted) return
          handle = createShortcutHandler(onAction)
          for (const press of early.splice(0)) handle(press, true)
        },
        () => {
          // Not downloaded: the next press tries again; the header button still opens the palette.
          isLoading = false
          early.length = 0
        },
      )
    }
    window.addEventListener('keydown', onKeyDown)
    return () => {
      isMounted = false
      window.removeEventListener('keydown', onKeyDown)
    }
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

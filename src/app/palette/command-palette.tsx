import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { directJump, moveActive, rankCommands, type Command, type CommandGroup } from './models/commands'
import { useThemeStore, type ThemeChoice } from '../theme'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { agentListQuery } from '@/data/agents/queries'
import { environmentListQuery } from '@/data/environments/queries'
import { sessionListQuery } from '@/data/sessions/queries'
import { byLastActivity, useSessionTitles } from '@/data/sessions/session-title'
import { LOCALE_NAMES, setLocale, useT } from '@/i18n'
import { cn } from '@/lib/cn'
// Every utility, in place before this module renders (entry.css has only the first screen's).
import '@/styles/index.css'

const THEME_ORDER: ThemeChoice[] = ['system', 'light', 'dark']

// The palette searches what the lists would show, capped: the API has no name search, so it
// reads one large page of each (the same cache entries as the lists) and filters in memory. A
// pasted id jumps directly regardless.
const PALETTE_ENVIRONMENTS = { limit: 500, offset: 0 }
const PALETTE_SESSIONS = { status: 'active', limit: 200, offset: 0 } as const

function useCommands(
  isOpen: boolean,
  onShowShortcuts: () => void,
): { commands: Command[]; isLoading: boolean; hasFailed: boolean } {
  const { t, locale } = useT('palette', 'app')
  const { choice, setChoice } = useThemeStore()
  const environments = useQuery({ ...environmentListQuery(PALETTE_ENVIRONMENTS), enabled: isOpen })
  const agents = useQuery({ ...agentListQuery('active'), enabled: isOpen })
  const sessions = useQuery({ ...sessionListQuery(PALETTE_SESSIONS), enabled: isOpen })
  const recentSessions = [...(sessions.data?.items ?? [])].sort(byLastActivity)
  const sessionTitles = useSessionTitles(recentSessions, { enabled: isOpen })

  const themeName = (theme: ThemeChoice) =>
    theme === 'dark' ? t('app.theme.dark') : theme === 'light' ? t('app.theme.light') : t('app.theme.system')
  const otherLocale = locale === 'en' ? 'zh-CN' : 'en'
  // `name` is the catalog's displayName, else its agentKey, else the id (C5).
  const agentNames = new Map((agents.data ?? []).map((agent) => [agent.id, agent.name]))

  const commands: Command[] = [
    {
      id: 'nav-environments',
      group: 'navigate',
      label: t('palette.commands.environments'),
      to: '/environments',
    },
    { id: 'nav-agents', group: 'navigate', label: t('palette.commands.agents'), to: '/agents' },
    { id: 'nav-sessions', group: 'navigate', label: t('palette.commands.sessions'), to: '/sessions' },
    {
      id: 'action-create-environment',
      group: 'action',
      label: t('palette.commands.createEnvironment'),
      keywords: ['create environment', 'new environment'],
      to: '/environments?create=1',
    },
    {
      id: 'action-new-session',
      group: 'action',
      label: t('palette.commands.newSession'),
      keywords: ['new session', 'create session'],
      to: '/sessions?new=1',
    },
    {
      id: 'action-theme',
      group: 'action',
      label: t('palette.commands.toggleTheme', { theme: themeName(choice) }),
      keywords: ['theme', 'dark', 'light'],
      perform: () =>
        setChoice(THEME_ORDER[(THEME_ORDER.indexOf(choice) + 1) % THEME_ORDER.length] ?? 'system'),
    },
    {
      id: 'action-language',
      group: 'action',
      label: t('palette.commands.switchLanguage', { language: LOCALE_NAMES[otherLocale] }),
      keywords: ['language', 'english', '中文', otherLocale],
      perform: () => void setLocale(otherLocale, { persist: true }),
    },
    {
      id: 'action-shortcuts',
      group: 'action',
      label: t('palette.commands.shortcuts'),
      keywords: ['keyboard', 'help', '?'],
      perform: onShowShortcuts,
    },
    ...(environments.data?.items ?? []).map((environment): Command => ({
      id: environment.id,
      group: 'environment',
      label: environment.name,
      detail: `${environment.type} · ${environment.id}`,
      keywords: [environment.type],
      to: `/environments/${encodeURIComponent(environment.id)}`,
    })),
    ...(agents.data ?? []).map((agent): Command => ({
      id: agent.id,
      group: 'agent',
      label: agent.name,
      detail: agent.id,
      keywords: [agent.agentKey ?? '', agent.status],
      to: `/agents/${encodeURIComponent(agent.id)}`,
    })),
    ...recentSessions.map((session): Command => ({
      id: session.id,
      group: 'session',
      label: sessionTitles.get(session.id)?.text ?? session.id,
      detail: t('palette.sessionDetail', {
        agent: agentNames.get(session.agentId) ?? session.agentId,
        status: session.status,
        id: session.id,
      }),
      keywords: [
        session.id,
        agentNames.get(session.agentId) ?? '',
        session.agentId,
        session.status,
        session.externalKey ?? '',
      ],
      to: `/sessions/${encodeURIComponent(session.id)}`,
    })),
  ]
  return {
    commands,
    isLoading: environments.isLoading || agents.isLoading || sessions.isLoading,
    hasFailed: environments.isError || agents.isError || sessions.isError,
  }
}

function groupLabel(t: (id: string) => string, group: CommandGroup): string {
  switch (group) {
    case 'navigate':
      return t('palette.groups.navigate')
    case 'action':
      return t('palette.groups.action')
    case 'environment':
      return t('palette.groups.environment')
    case 'agent':
      return t('palette.groups.agent')
    case 'session':
      return t('palette.groups.session')
  }
}

/**
 * Ctrl/Cmd-K: one input that jumps anywhere and runs common actions. A combobox with a listbox
 * (aria-activedescendant), so a screen reader hears the highlighted result while focus stays in
 * the input.
 */
export function CommandPalette({
  isOpen,
  onOpenChange,
  onShowShortcuts,
}: {
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  onShowShortcuts: () => void
}) {
  const { t } = useT('palette')
  const id = useId()
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const { commands, isLoading, hasFailed } = useCommands(isOpen, () => {
    onOpenChange(false)
    onShowShortcuts()
  })

  const results = useMemo(() => {
    const ranked = rankCommands(commands, query)
    const jump = directJump(query)
    if (jump && !ranked.some((command) => command.id === jump.id)) {
      ranked.unshift({
        id: `jump-${jump.id}`,
        group: jump.group,
        label: t('palette.commands.openId', { id: jump.id }),
        to: jump.to,
      })
    }
    return ranked
  }, [commands, query, t])
  const activeIndex = Math.min(active, results.length - 1)

  function run(command: Command | undefined) {
    if (!command) return
    onOpenChange(false)
    setQuery('')
    if (command.to) void navigate(command.to)
    else command.perform?.()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key) && !(event.key === 'Home' && query)) {
      event.preventDefault()
      setActive(moveActive(activeIndex, results.length, event.key))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      run(results[activeIndex])
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open)
        if (!open) setQuery('')
      }}
    >
      <DialogContent
        title={t('palette.title')}
        description={t('palette.description')}
        className="w-[min(94vw,40rem)]"
      >
        <input
          type="text"
          role="combobox"
          aria-label={t('palette.inputLabel')}
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder={t('palette.placeholder')}
          autoComplete="off"
          spellCheck={false}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus:ring-2 focus:ring-ring focus:outline-none"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
          }}
          onKeyDown={onKeyDown}
        />
        <p className="mt-2 text-xs text-muted-foreground" aria-live="polite">
          {isLoading ? t('palette.loading') : hasFailed ? t('palette.loadFailed') : t('palette.hint')}
        </p>
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={t('palette.results')}
          className="mt-2 max-h-[50vh] overflow-y-auto"
        >
          {results.map((command, index) => (
            <li
              key={command.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm',
                index === activeIndex ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
              )}
              onMouseMove={() => setActive(index)}
              onClick={() => run(command)}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{command.label}</span>
                {command.detail ? (
                  <span className="block truncate text-xs text-muted-foreground">{command.detail}</span>
                ) : null}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{groupLabel(t, command.group)}</span>
            </li>
          ))}
        </ul>
        {results.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">{t('palette.empty', { query })}</p>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

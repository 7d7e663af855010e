import { t } from '@/i18n'

// A module of its own: the list's badges need this label, not the form's field tables (whose
// top-level sets would otherwise come along into the first screen's code).

/**
 * What shares one working area, in words ("each session"), for the badges and the form; a value the
 * server does not document stays as written (config warnings point it out).
 */
export function isolationScopeLabel(scope: string): string {
  switch (scope) {
    case 'SESSION':
      return t('environments.badges.isolationScope.SESSION')
    case 'USER':
      return t('environments.badges.isolationScope.USER')
    case 'AGENT':
      return t('environments.badges.isolationScope.AGENT')
    case 'GLOBAL':
      return t('environments.badges.isolationScope.GLOBAL')
    default:
      return scope
  }
}

/** A label at the start of a line (a form option): its first letter in capitals where the script has them. */

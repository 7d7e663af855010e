import type { Environment, EnvironmentType } from '@/data/environments/types'
import { t } from '@/i18n'
import { environmentTypeLabel } from '@/lib/environment-type-label'

export type { Environment, EnvironmentType }

/** The server's types, in the order the console lists them. */
export const ENVIRONMENT_TYPES: readonly EnvironmentType[] = ['self_hosted', 'sandbox', 'local', 'remote']

export type EnvironmentTypeInfo = { label: string; executor: string; hasShell: boolean; summary: string }

/** What each type means for an operator: who runs the tools, whether there is a shell. */
export function environmentTypeInfo(type: EnvironmentType): EnvironmentTypeInfo {
  switch (type) {
    case 'self_hosted':
      return {
        label: environmentTypeLabel(type),
        executor: t('environments.types.selfHosted.executor'),
        hasShell: true,
        summary: t('environments.types.selfHosted.summary'),
      }
    case 'sandbox':
      return {
        label: environmentTypeLabel(type),
        executor: t('environments.types.sandbox.executor'),
        hasShell: true,
        summary: t('environments.types.sandbox.summary'),
      }
    case 'local':
      return {
        label: environmentTypeLabel(type),
        executor: t('environments.types.local.executor'),
        hasShell: true,
        summary: t('environments.types.local.summary'),
      }
    case 'remote':
      return {
        label: environmentTypeLabel(type),
        executor: t('environments.types.remote.executor'),
        hasShell: false,
        summary: t('environments.types.remote.summary'),
      }
  }
}

export function isEnvironmentType(value: string): value is EnvironmentType {
  return (ENVIRONMENT_TYPES as readonly string[]).includes(value)
}

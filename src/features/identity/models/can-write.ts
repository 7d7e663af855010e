import { t } from '@/i18n'

/**
 * Whether the signed-in user may create and change resources: a developer or admin among the
 * roles the sign-in answer carried. Those are the account's roles, not the chosen namespace's, so
 * this only decides what the console offers; the server's 403 is still handled.
 */
export function canWriteResources(roles: readonly string[]): boolean {
  return roles.some((role) => role === 'admin' || role === 'developer')
}

/**
 * Why a viewer sees a screen read-only, in the active language. Call it while rendering a
 * component that has loaded the `identity` namespace (`useT('identity')`).
 */
export function readOnlyReason(): string {
  return t('identity.readOnlyReason')
}

import { t } from '@/i18n'

/**
 * Whether the signed-in user may create and change resources (namespace role developer or
 * admin). This only decides what the console offers; the server's 403 is still handled.
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

/**
 * @deprecated English only, fixed when the module loads: use `readOnlyReason()`. Kept until the
 * routes in src/app (another team's files) switch over.
 */
export const READ_ONLY_REASON =
  'Your role (viewer) can inspect resources but not change them. Ask an admin for the developer role.'

import { t } from '@/i18n'

/** A role as people read it; a role the server adds later is shown as sent. */
export function roleLabel(role: string): string {
  switch (role) {
    case 'admin':
      return t('identity.role.admin')
    case 'developer':
      return t('identity.role.developer')
    case 'viewer':
      return t('identity.role.viewer')
    default:
      return role
  }
}

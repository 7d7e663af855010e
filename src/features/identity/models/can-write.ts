/**
 * Whether the signed-in user may create and change resources (namespace role developer or
 * admin). This only decides what the console offers; the server's 403 is still handled.
 */
export function canWriteResources(roles: readonly string[]): boolean {
  return roles.some((role) => role === 'admin' || role === 'developer')
}

export const READ_ONLY_REASON =
  'Your role (viewer) can inspect resources but not change them. Ask an admin for the developer role.'

import type { ConfigDraft } from '../models/config-edit-session'
import type { ConfigObject } from '../models/config-fields'
import { isRecord } from '@/lib/read-fields'
import { redactSecrets } from '../models/redact-secrets'

/*
 * The unsaved config edit of each environment, in sessionStorage. Secrets are replaced by a
 * placeholder before storing; on restore they come back from the server's current config, so a
 * changed secret must be re-entered.
 */

const storageName = (environmentId: string) => `asc.environments.draft.${environmentId}`

export function loadConfigDraft(environmentId: string): ConfigDraft | null {
  try {
    const parsed = JSON.parse(
      sessionStorage.getItem(storageName(environmentId)) ?? 'null',
    ) as Partial<ConfigDraft> | null
    if (
      !parsed ||
      typeof parsed.name !== 'string' ||
      !isRecord(parsed.config) ||
      typeof parsed.baseUpdatedAt !== 'number' ||
      typeof parsed.savedAt !== 'number'
    )
      return null
    return {
      name: parsed.name,
      config: parsed.config,
      baseUpdatedAt: parsed.baseUpdatedAt,
      savedAt: parsed.savedAt,
    }
  } catch {
    return null
  }
}

export function saveConfigDraft(environmentId: string, draft: ConfigDraft): void {
  const stored: ConfigDraft = { ...draft, config: redactSecrets(draft.config) as ConfigObject }
  try {
    sessionStorage.setItem(storageName(environmentId), JSON.stringify(stored))
  } catch {
    // A full or blocked storage only costs the reload safety net; editing goes on.
  }
}

export function clearConfigDraft(environmentId: string): void {
  sessionStorage.removeItem(storageName(environmentId))
}

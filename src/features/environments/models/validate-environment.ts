import { type ConfigObject, MEMORY_ACCESS_MODES } from './config-fields'
import { isRecord } from '@/lib/read-fields'
import { isEnvironmentType } from './environment-types'
import { t } from '@/i18n'

/** Field errors keyed `name`, `type`, `config.<key>` or `config.memoryAccess`. Empty means valid. */
export type ValidationErrors = Partial<Record<string, string>>

const NAME_MAX = 200

function checkString(config: ConfigObject, key: string, errors: ValidationErrors): string | null {
  if (!Object.hasOwn(config, key)) return null
  const value = config[key]
  if (typeof value !== 'string') {
    errors[`config.${key}`] = t('environments.validation.notText', { key })
    return null
  }
  if (value !== value.trim()) errors[`config.${key}`] = t('environments.validation.spaces')
  return value
}

/** What the console checks before sending; the server validates almost nothing in a config. */
export function validateEnvironment(input: {
  name: string
  type: string
  config: ConfigObject
}): ValidationErrors {
  const errors: ValidationErrors = {}
  const name = input.name.trim()
  if (!name) errors.name = t('environments.validation.nameRequired')
  else if (name.length > NAME_MAX) errors.name = t('environments.validation.nameTooLong', { max: NAME_MAX })
  if (!isEnvironmentType(input.type)) errors.type = t('environments.validation.typeRequired')

  const { config } = input
  checkString(config, 'templateId', errors)
  checkString(config, 'domain', errors)
  checkString(config, 'persistenceMode', errors)
  checkString(config, 'isolationScope', errors)
  const root = checkString(config, 'workspaceRoot', errors)
  if (root !== null && !errors['config.workspaceRoot'] && !root.startsWith('/'))
    errors['config.workspaceRoot'] = t('environments.validation.absolutePath')
  const domain = typeof config.domain === 'string' ? config.domain : ''
  if (domain && !errors['config.domain'] && /[/:\s]/.test(domain))
    errors['config.domain'] = t('environments.validation.bareDomain')
  const baseUrl = checkString(config, 'apiBaseUrl', errors)
  if (baseUrl !== null && !errors['config.apiBaseUrl'] && !isHttpUrl(baseUrl))
    errors['config.apiBaseUrl'] = t('environments.validation.fullUrl')
  if (Object.hasOwn(config, 'apiKey') && typeof config.apiKey !== 'string')
    errors['config.apiKey'] = t('environments.validation.apiKeyText')
  if (Object.hasOwn(config, 'sandboxTimeoutSeconds')) {
    const timeout = config.sandboxTimeoutSeconds
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout <= 0)
      errors['config.sandboxTimeoutSeconds'] = t('environments.validation.timeout')
  }
  if (Object.hasOwn(config, 'memoryAccess')) {
    const access = config.memoryAccess
    if (!isRecord(access)) errors['config.memoryAccess'] = t('environments.validation.memoryAccessObject')
    else if (Object.keys(access).some((storeId) => !storeId.trim()))
      errors['config.memoryAccess'] = t('environments.validation.memoryStoreRequired')
    else if (
      Object.values(access).some((mode) => !(MEMORY_ACCESS_MODES as readonly unknown[]).includes(mode))
    )
      errors['config.memoryAccess'] = t('environments.validation.memoryAccessMode')
  }
  return errors
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

export function hasErrors(errors: ValidationErrors): boolean {
  return Object.values(errors).some(Boolean)
}

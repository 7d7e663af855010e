import { type ConfigObject, MEMORY_ACCESS_MODES } from './config-fields'
import { isPlainObject } from './edit-config'
import { isEnvironmentType } from './environment-types'

/** Field errors keyed `name`, `type`, `config.<key>` or `config.memoryAccess`. Empty means valid. */
export type ValidationErrors = Partial<Record<string, string>>

const NAME_MAX = 200

function checkString(config: ConfigObject, key: string, errors: ValidationErrors): string | null {
  if (!Object.hasOwn(config, key)) return null
  const value = config[key]
  if (typeof value !== 'string') {
    errors[`config.${key}`] = `${key} must be text; fix it in Advanced JSON.`
    return null
  }
  if (value !== value.trim()) errors[`config.${key}`] = 'Remove the spaces at the start or end.'
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
  if (!name) errors.name = 'Enter a name.'
  else if (name.length > NAME_MAX) errors.name = `Use at most ${NAME_MAX} characters.`
  if (!isEnvironmentType(input.type)) errors.type = 'Choose a type.'

  const { config } = input
  checkString(config, 'templateId', errors)
  checkString(config, 'domain', errors)
  checkString(config, 'persistenceMode', errors)
  checkString(config, 'isolationScope', errors)
  const root = checkString(config, 'workspaceRoot', errors)
  if (root !== null && !errors['config.workspaceRoot'] && !root.startsWith('/'))
    errors['config.workspaceRoot'] = 'Use an absolute path, such as /home/user.'
  const domain = typeof config.domain === 'string' ? config.domain : ''
  if (domain && !errors['config.domain'] && /[/:\s]/.test(domain))
    errors['config.domain'] = 'Enter a bare domain such as e2b.example.com, without https:// or a path.'
  const baseUrl = checkString(config, 'apiBaseUrl', errors)
  if (baseUrl !== null && !errors['config.apiBaseUrl'] && !isHttpUrl(baseUrl))
    errors['config.apiBaseUrl'] = 'Enter a full URL starting with https:// or http://.'
  if (Object.hasOwn(config, 'apiKey') && typeof config.apiKey !== 'string')
    errors['config.apiKey'] = 'apiKey must be text.'
  if (Object.hasOwn(config, 'sandboxTimeoutSeconds')) {
    const timeout = config.sandboxTimeoutSeconds
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout <= 0)
      errors['config.sandboxTimeoutSeconds'] = 'Enter a whole number of seconds greater than 0, such as 300.'
  }
  if (Object.hasOwn(config, 'memoryAccess')) {
    const access = config.memoryAccess
    if (!isPlainObject(access))
      errors['config.memoryAccess'] = 'memoryAccess must map store ids to read_only or read_write.'
    else if (Object.keys(access).some((storeId) => !storeId.trim()))
      errors['config.memoryAccess'] = 'Choose a memory store for every row.'
    else if (
      Object.values(access).some((mode) => !(MEMORY_ACCESS_MODES as readonly unknown[]).includes(mode))
    )
      errors['config.memoryAccess'] = 'Each store needs read_only or read_write.'
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

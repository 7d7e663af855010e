import type { Random } from './clock'

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz'

export type IdFactory = (prefix: string) => string

/** Ids shaped like the server's (`env_…`, `ek_…`, `sess_…`), reproducible from the seed. */
export function createIdFactory(random: Random): IdFactory {
  return (prefix) => {
    let body = ''
    for (let i = 0; i < 16; i += 1) body += alphabet[Math.floor(random() * alphabet.length)]
    return `${prefix}_${body}`
  }
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Ports for the servers `npm test`, `npm run e2e` and `npm run bench` start. They never test a
 * server they did not start: a fixed port that is already taken is an error with the variable that
 * moves it, and `npm test` asks the system for free ports when none are set.
 */
import { createServer } from 'node:net'

export const HOST = '127.0.0.1'

/** Whether nothing listens on `port` at 127.0.0.1 (a server on 0.0.0.0 or :: also takes it). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: HOST, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/** A port the system says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port: 0, host: HOST, exclusive: true }, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

/** Reads a port from `variable`, or `fallback` when it is not set; rejects anything but 1–65535. */
export function portFromEnv(variable: string, fallback: number): number {
  const raw = process.env[variable]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${variable}=${raw} is not a port number`)
  }
  return port
}

export type PortClaim = { port: number; variable: string }

/** Throws, naming the variable to change, for the first claimed port something else listens on. */
export async function assertPortsFree(claims: PortClaim[]): Promise<void> {
  for (const { port, variable } of claims) {
    if (!(await isPortFree(port))) {
      throw new Error(
        `port ${port} is in use by another process; set ${variable}=<a free port> (it is never reused)`,
      )
    }
  }
}

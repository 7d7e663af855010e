import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { policyForConfigFile, renderNginxConf } from '../deploy/render-nginx-conf'
import { assertPortsFree, freePort, HOST, portFromEnv } from '../scripts/ports'
import { contentSecurityPolicy } from '../src/lib/content-security-policy'
import { expect, test } from './fixtures'
import { isAssetFailure, MOCK_SERVICE_WORKER_PATH } from './page-problems'

/**
 * The production configuration in deploy/ (nginx) serving the build in dist/, with Debian's nginx
 * in the foreground under a temporary prefix, on a free port.
 */
const dist = resolve('dist')
const nginxPath = (
  process.env.NGINX_PATH ? [process.env.NGINX_PATH] : ['/usr/sbin/nginx', '/usr/bin/nginx']
).find((path) => existsSync(path))
// Written out, not imported from the renderer, so a change there cannot move the target with it.
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

let nginx: ChildProcess | undefined
let prefix = ''
let origin = ''
let stderr = ''

// One nginx for the tests of this file, which run in order in one worker.
test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  if (!nginxPath) {
    throw new Error(
      'nginx is not installed: `apt-get install -y nginx` (Debian), or set NGINX_PATH to its binary',
    )
  }
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ has no build: run `npx vite build` first')
  const port = portFromEnv('NGINX_TEST_PORT', 0) || (await freePort())
  await assertPortsFree([{ port, variable: 'NGINX_TEST_PORT' }])
  prefix = mkdtempSync(join(tmpdir(), 'console-nginx-'))
  // nginx's workers run as an unprivileged user when started as root: they must reach the prefix.
  chmodSync(prefix, 0o755)
  mkdirSync(join(prefix, 'logs'))
  writeFileSync(
    join(prefix, 'nginx.conf'),
    renderNginxConf({
      root: dist,
      listen: `${HOST}:${port}`,
      contentSecurityPolicy: policyForConfigFile(join(dist, 'console-config.json'), []),
      runtimeDir: prefix,
    }),
  )
  nginx = spawn(nginxPath, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  origin = `http://${HOST}:${port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${stderr}`)
    try {
      await fetch(origin)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${origin}: ${stderr}`)
      await new Promise((done) => setTimeout(done, 100))
    }
  }
})

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((done) => nginx?.once('exit', done))
    nginx.kill('SIGTERM')
    await exited
  }
  if (prefix) rmSync(prefix, { recursive: true, force: true })
})

type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** One GET with exactly these request headers (fetch would add and undo Accept-Encoding itself). */
function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const request = httpRequest(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
    })
    request.on('error', fail)
    request.end()
  })
}

/** What the builder makes of the console-config.json in dist/, read here independently. */
function expectedPolicy(): string {
  const config = JSON.parse(readFileSync(join(dist, 'console-config.json'), 'utf8')) as {
    apiBaseUrl?: unknown
  }
  return contentSecurityPolicy(typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : '')
}

/** The entry script and style sheet index.html loads. */
function entryAssets(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '')
  expect(assets.some((path) => path.endsWith('.js'))).toBe(true)
  return assets
}

test('a deep link reloads: every screen path answers index.html, revalidated, with the CSP', async () => {
  const index = readFileSync(join(dist, 'index.html'))
  for (const path of ['/', '/environments', '/sessions/sess_builddone0001?tab=tools', '/agents/agt_x/edit']) {
    const answer = await get(path)
    expect(answer.status, path).toBe(200)
    expect(answer.headers['content-type'], path).toContain('text/html')
    expect(answer.body.equals(index), `${path} is index.html`).toBe(true)
    expect(answer.headers['cache-control'], path).toBe(REVALIDATE)
    expect(answer.headers['content-security-policy'], path).toBe(expectedPolicy())
  }
})

test('hashed assets are cached for a year as immutable; a missing one is a 404, not index.html', async () => {
  for (const path of entryAssets()) {
    const answer = await get(path)
    expect(answer.status, path).toBe(200)
    expect(answer.headers['cache-control'], path).toBe(IMMUTABLE)
    expect(answer.headers['content-security-policy'], path).toBe(expectedPolicy())
    expect(answer.headers['x-content-type-options'], path).toBe('nosniff')
  }
  const missing = await get('/assets/no-such-chunk-0000.js')
  expect(missing.status).toBe(404)
  expect(missing.headers['cache-control']).toBeUndefined()
  expect(missing.headers['content-security-policy']).toBe(expectedPolicy())
})

test('index.html, console-config.json and the demo worker script are revalidated on every load', async () => {
  for (const path of ['/index.html', '/console-config.json', MOCK_SERVICE_WORKER_PATH]) {
    const answer = await get(path)
    expect(answer.status, path).toBe(200)
    expect(answer.headers['cache-control'], path).toBe(REVALIDATE)
  }
  const config = await get('/console-config.json')
  expect(config.headers['content-type']).toContain('application/json')
  expect(config.body.equals(readFileSync(join(dist, 'console-config.json')))).toBe(true)
})

test('text assets are gzip-compressed for clients that accept it, and only for them', async () => {
  const script = entryAssets().find((path) => path.endsWith('.js')) ?? ''
  const original = readFileSync(join(dist, script))
  const compressed = await get(script, { 'Accept-Encoding': 'gzip' })
  expect(compressed.headers['content-encoding']).toBe('gzip')
  expect(compressed.headers.vary).toContain('Accept-Encoding')
  expect(compressed.body.length).toBeLessThan(original.length / 2)
  expect(gunzipSync(compressed.body).equals(original)).toBe(true)
  const plain = await get(script)
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(plain.body.equals(original)).toBe(true)
})

test('the console starts under this configuration: a deep link, the demo worker, no CSP violation', async ({
  page,
}) => {
  const violations: string[] = []
  const failures: string[] = []
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      )
    })
  })
  page.on('response', (response) => {
    if (isAssetFailure(response.url(), response.status(), origin)) {
      failures.push(`${response.status()} ${response.url()}`)
    }
  })
  await page.goto(`${origin}/agents`)
  await expect(page).toHaveURL(/\/login\?next=%2Fagents/)
  await expect(page.getByRole('button', { name: 'Sign in as alice' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sign in as alice' })).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(
    `${origin}${MOCK_SERVICE_WORKER_PATH}`,
  )
  expect(violations, 'no Content-Security-Policy violation').toEqual([])
  expect(failures, 'no console file answered with an error').toEqual([])
})

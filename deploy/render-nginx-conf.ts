/**
 * Renders the nginx configuration that serves the built console (see README, "Deploy"):
 *
 *   tsx deploy/render-nginx-conf.ts --root dist [--config dist/console-config.json]
 *     [--listen 8080] [--runtime-dir DIR] [--access-log off|PATH] [--out nginx.conf]
 *
 * The Content-Security-Policy is the one `vite preview` sends: src/lib/content-security-policy.ts
 * applied to the Gateway in console-config.json plus the origins in CONSOLE_CSP_CONNECT_SRC. The
 * container renders it at start from the console-config.json it serves, so pointing the console at
 * another Gateway needs a restart, not a rebuild.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { contentSecurityPolicy } from '../src/lib/content-security-policy.ts'

export type NginxOptions = {
  /** Absolute path of the built console (dist/). */
  root: string
  /** What nginx's `listen` takes: `8080`, `127.0.0.1:4619`. */
  listen: string
  contentSecurityPolicy: string
  /** Where the pid file and temporary files go; nginx's compiled-in paths when absent. */
  runtimeDir?: string
  /** `off` or a path (`/dev/stdout` in the container). */
  accessLog?: string
  mimeTypes?: string
}

/** Hashed file names under /assets change with their content: cache them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else keeps its name across releases (index.html, console-config.json, the worker). */
export const REVALIDATE = 'no-cache'

/** The Gateway the console is configured for, read as `vite preview` reads it. */
export function apiBaseUrlOf(configJson: string): string {
  let config: unknown
  try {
    config = JSON.parse(configJson)
  } catch (error) {
    throw new Error(
      `console-config.json is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new Error('console-config.json must hold a JSON object')
  }
  const { apiBaseUrl } = config as { apiBaseUrl?: unknown }
  return typeof apiBaseUrl === 'string' ? apiBaseUrl : ''
}

/** Origins the console may later be pointed at, as CONSOLE_CSP_CONNECT_SRC lists them. */
export function extraConnectOrigins(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean)
}

/**
 * A value inside an nginx double-quoted string: `$` would be read as a variable, a quote or a
 * backslash would end or escape it. A URL's origin can hold some of these, so they are refused
 * rather than escaped: such a Gateway address is a mistake worth stopping the server for.
 */
function quoted(value: string, what: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/["\\$\u0000-\u001f\u007f]/.test(value)) {
    throw new Error(`${what} cannot go into the nginx configuration: ${JSON.stringify(value)}`)
  }
  return `"${value}"`
}

export function renderNginxConf(options: NginxOptions): string {
  const policy = quoted(options.contentSecurityPolicy, 'Content-Security-Policy')
  const root = quoted(options.root, 'root')
  const runtime = options.runtimeDir
  const headers = (cacheControl: string) =>
    [
      // Not `always` for caching: an error answer must not be kept for a year.
      `add_header Cache-Control ${quoted(cacheControl, 'Cache-Control')};`,
      `add_header Content-Security-Policy ${policy} always;`,
      'add_header X-Content-Type-Options nosniff always;',
    ].map((line) => `      ${line}`)
  const lines = [
    '# Rendered by deploy/render-nginx-conf.ts; render it again instead of editing it.',
    'worker_processes auto;',
    ...(runtime ? [`pid ${quoted(`${runtime}/nginx.pid`, 'pid')};`] : []),
    'error_log stderr warn;',
    '',
    'events {',
    '  worker_connections 1024;',
    '}',
    '',
    'http {',
    `  include ${quoted(options.mimeTypes ?? '/etc/nginx/mime.types', 'mime types')};`,
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  server_tokens off;',
    `  access_log ${options.accessLog === undefined || options.accessLog === 'off' ? 'off' : quoted(options.accessLog, 'access log')};`,
    ...(runtime
      ? ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${quoted(`${runtime}/${kind}`, 'temp path')};`,
        )
      : []),
    '',
    '  gzip on;',
    '  gzip_vary on;',
    '  gzip_comp_level 6;',
    '  gzip_min_length 1024;',
    '  gzip_types text/css application/javascript text/javascript application/json image/svg+xml text/plain;',
    '',
    '  server {',
    `    listen ${options.listen};`,
    `    root ${root};`,
    '',
    '    # Hashed bundles: a missing one is a 404, never index.html in its place.',
    '    location /assets/ {',
    '      try_files $uri =404;',
    ...headers(IMMUTABLE),
    '    }',
    '',
    '    # Any other path is a screen of the single-page console: deep links get index.html.',
    '    location / {',
    '      try_files $uri /index.html;',
    ...headers(REVALIDATE),
    '    }',
    '  }',
    '}',
    '',
  ]
  return lines.join('\n')
}

/** The policy for the console-config.json at `path` (same origin only when there is none). */
export function policyForConfigFile(path: string, extra: string[]): string {
  const apiBaseUrl = existsSync(path) ? apiBaseUrlOf(readFileSync(path, 'utf8')) : ''
  return contentSecurityPolicy(apiBaseUrl, extra)
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name)
  if (index < 0) return undefined
  const value = args[index + 1]
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`)
  return value
}

function main(args: string[]) {
  const rootArg = option(args, '--root')
  if (!rootArg)
    throw new Error('usage: render-nginx-conf --root DIR [--config FILE] [--listen PORT] [--out FILE]')
  const root = resolve(rootArg)
  const configPath = resolve(option(args, '--config') ?? `${root}/console-config.json`)
  const runtimeDir = option(args, '--runtime-dir')
  const accessLog = option(args, '--access-log')
  const conf = renderNginxConf({
    root,
    listen: option(args, '--listen') ?? '8080',
    contentSecurityPolicy: policyForConfigFile(
      configPath,
      extraConnectOrigins(process.env.CONSOLE_CSP_CONNECT_SRC),
    ),
    ...(runtimeDir ? { runtimeDir: resolve(runtimeDir) } : {}),
    ...(accessLog ? { accessLog } : {}),
  })
  const out = option(args, '--out')
  if (out) writeFileSync(out, conf)
  else process.stdout.write(conf)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

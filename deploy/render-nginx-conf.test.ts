import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../src/lib/content-security-policy'
import { apiBaseUrlOf, extraConnectOrigins, renderNginxConf } from './render-nginx-conf'

const policy = contentSecurityPolicy('https://gateway.example.com')

function block(conf: string, location: string): string {
  const start = conf.indexOf(`location ${location} {`)
  return conf.slice(start, conf.indexOf('}', start))
}

describe('nginx configuration for the console', () => {
  it('sends the builder’s policy on every answer, and caches by whether the name is hashed', () => {
    const conf = renderNginxConf({ root: '/srv/console', listen: '8080', contentSecurityPolicy: policy })
    for (const location of ['/assets/', '/']) {
      expect(block(conf, location)).toContain(`add_header Content-Security-Policy "${policy}" always;`)
    }
    expect(block(conf, '/assets/')).toContain(
      'add_header Cache-Control "public, max-age=31536000, immutable";',
    )
    expect(block(conf, '/assets/')).toContain('try_files $uri =404;')
    expect(block(conf, '/')).toContain('add_header Cache-Control "no-cache";')
    expect(block(conf, '/')).toContain('try_files $uri /index.html;')
    expect(conf).toContain('root "/srv/console";')
    expect(conf).toContain('gzip on;')
    expect(conf).not.toContain('_temp_path')
  })

  it('puts the pid file and temporary files under a runtime directory when given one', () => {
    const conf = renderNginxConf({
      root: '/srv/console',
      listen: '127.0.0.1:4619',
      contentSecurityPolicy: policy,
      runtimeDir: '/tmp/run',
    })
    expect(conf).toContain('pid "/tmp/run/nginx.pid";')
    expect(conf).toContain('client_body_temp_path "/tmp/run/client_body";')
    expect(conf).toContain('listen 127.0.0.1:4619;')
  })

  it('refuses a value that would be read as nginx syntax instead of escaping it', () => {
    // A URL's origin may hold `$` or `"`, which nginx would take for a variable or the end of the value.
    for (const gateway of ['https://a$host.example', 'https://a"b.example']) {
      expect(() =>
        renderNginxConf({
          root: '/srv/console',
          listen: '8080',
          contentSecurityPolicy: contentSecurityPolicy(gateway),
        }),
      ).toThrow(/cannot go into the nginx configuration/)
    }
  })

  it('reads the Gateway from console-config.json as the preview server does', () => {
    expect(apiBaseUrlOf('{"apiMode":"real","apiBaseUrl":"https://gateway.example.com"}')).toBe(
      'https://gateway.example.com',
    )
    expect(apiBaseUrlOf('{"apiMode":"mock"}')).toBe('')
    expect(apiBaseUrlOf('{"apiBaseUrl":42}')).toBe('')
    expect(() => apiBaseUrlOf('{"apiBaseUrl":')).toThrow(/not JSON/)
    expect(() => apiBaseUrlOf('[]')).toThrow(/JSON object/)
    expect(extraConnectOrigins(' https://a.example, https://b.example ')).toEqual([
      'https://a.example',
      'https://b.example',
    ])
    expect(extraConnectOrigins(undefined)).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { failureAdvice } from './failure-advice'
import { setLocale } from '@/i18n'

const error = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, message: 'boom', ...extra })

describe('failureAdvice', () => {
  it('says the input is kept and what to do, by kind of failure', () => {
    expect(failureAdvice(error(503, { requestId: 'req-9' }))).toBe(
      'Your input is kept. The server failed; try again in a moment. If it keeps failing, give request id req-9 to your administrator.',
    )
    expect(failureAdvice(error(0, { kind: 'network' }))).toMatch(/Check the connection/)
    expect(failureAdvice(error(429, { retryAfterMs: 1500 }))).toMatch(/try again in 2 seconds/)
    expect(failureAdvice(error(403))).toMatch(/copy the request as curl/)
    expect(failureAdvice(error(409))).toMatch(/reload to see their version/)
    expect(failureAdvice(error(400))).toMatch(/Correct what the message names/)
    expect(failureAdvice(error(401))).toMatch(/Sign in again/)
    expect(failureAdvice(new Error('odd'))).toBe('Your input is kept; try again.')
  })

  it('speaks Chinese when chosen', async () => {
    await setLocale('zh-CN')
    try {
      expect(failureAdvice(error(429, { retryAfterMs: 3000 }))).toBe(
        '你的输入已保留。服务器繁忙，请在 3 秒后重试。',
      )
    } finally {
      await setLocale('en')
    }
  })
})

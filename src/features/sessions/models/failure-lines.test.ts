import { describe, expect, it } from 'vitest'
import { asClause, failureLineNote, failureLines } from './failure-lines'
import { setLocale } from '@/i18n'

const said = 'The model provider returned 503 three times in a row.'
// Upstream logs one failed model call as six events (api-notes §0: model_call_failed, then turn_failed).
const problems = [
  { code: null, message: said, eventId: 'e1' },
  { code: 'model_call_failed', message: said, eventId: 'e2' },
  { code: 'model_call_failed', message: said, eventId: 'e3' },
  { code: 'turn_failed', message: said, eventId: 'e4' },
  { code: 'turn_failed', message: said, eventId: 'e5' },
  { code: 'model_call_failed', message: said, eventId: 'e6' },
]

describe('failureLines', () => {
  it('says one message once, with its codes in words and how many events logged it, in both languages', async () => {
    const lines = failureLines(problems)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ message: said, count: 6, eventId: 'e1' })
    expect(failureLineNote(lines[0]!)).toBe('Codes: model call failed, turn failed · logged by 6 events')
    await setLocale('zh-CN')
    try {
      expect(failureLineNote(failureLines(problems)[0]!)).toBe(
        '代码：模型调用失败、轮次失败 · 共记录于 6 个事件',
      )
    } finally {
      await setLocale('en')
    }
  })

  it('keeps different messages apart and a code it does not know as sent', () => {
    const lines = failureLines([
      { code: 'quota_exceeded', message: 'Quota exceeded', eventId: 'a' },
      { code: null, message: null, eventId: 'b' },
    ])
    expect(lines.map((line) => [line.message, line.codes, line.count])).toEqual([
      ['Quota exceeded', ['quota_exceeded'], 1],
      [null, [], 1],
    ])
  })
})

describe('asClause', () => {
  it('drops the full stop a template adds itself', () => {
    expect(asClause(said)).toBe('The model provider returned 503 three times in a row')
    expect(asClause('配额已用尽。')).toBe('配额已用尽')
    expect(asClause('v1.2 failed')).toBe('v1.2 failed')
  })
})

import { describe, expect, it } from 'vitest'
import { at } from '@/testing/session-events'
import { summarizeEvent } from './summarize-event'

describe('summarizeEvent', () => {
  it('describes each family in one masked line without escapes', () => {
    expect(
      summarizeEvent(at('turn.failed', 1, { status: 'failed', reason: 'boom', error_code: 'model_error' })),
    ).toBe('failed · boom · model_error')
    expect(
      summarizeEvent(
        at('item.completed', 1, { item: { role: 'user', content: [{ type: 'text', text: 'hi\nthere' }] } }),
      ),
    ).toBe('user: hi there')
    expect(
      summarizeEvent(
        at('tool.delta', 1, {
          output: [{ type: 'text', text: '\u001b[31mexport K=ek_secret123456\u001b[0m' }],
        }),
      ),
    ).toBe('export K=ek_••••••••')
    expect(summarizeEvent(at('tool.requested', 1, { name: 'read_file', input: { path: 'a.txt' } }))).toBe(
      'read_file {"path":"a.txt"}',
    )
    expect(summarizeEvent(at('brand.new', 1, { x: 'y'.repeat(400) })).length).toBeLessThanOrEqual(160)
  })
})

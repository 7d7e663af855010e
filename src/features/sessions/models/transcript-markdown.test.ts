import { describe, expect, it } from 'vitest'
import { at } from '@/testing/session-events'
import { TranscriptBuilder } from './transcript-builder'
import { transcriptToMarkdown } from './transcript-markdown'

const SECRET = 'sk-live1234567890abcdefXYZ'

function exported(reveal: boolean) {
  const events = [
    at('turn.accepted', 1, { turn_id: 't1' }),
    at('item.completed', 2, {
      turn_id: 't1',
      item_id: 'u1',
      item: { role: 'user', content: [{ type: 'text', text: '# not a heading\nuse my key ' + SECRET }] },
    }),
    at('tool.requested', 3, {
      turn_id: 't1',
      tool_call_id: 'c1',
      name: 'execute',
      input: { command: 'cat notes' },
    }),
    at('tool.completed', 4, {
      turn_id: 't1',
      tool_call_id: 'c1',
      name: 'execute',
      status: 'completed',
      output: [{ type: 'text', text: 'a ``` fence and OPENAI_API_KEY=' + SECRET }],
    }),
    at('item.completed', 5, {
      turn_id: 't1',
      item_id: 'a1',
      item: { role: 'assistant', content: [{ type: 'text', text: 'Done: **bold**.' }] },
    }),
    at('usage.recorded', 6, { turn_id: 't1', usage: { input_tokens: 10, output_tokens: 2 } }),
    at('turn.completed', 7, { turn_id: 't1', status: 'completed' }),
  ]
  const builder = new TranscriptBuilder()
  builder.sync(events)
  return transcriptToMarkdown(builder.rows, {
    title: 'Check notes',
    sessionId: 's1',
    reveal,
    eventAt: (index) => events[index],
  })
}

describe('transcriptToMarkdown', () => {
  it('writes turns, messages, tool calls and usage in reading order, secrets masked', () => {
    const markdown = exported(false)
    expect(markdown).not.toContain(SECRET)
    expect(markdown.indexOf('## Turn t1')).toBeGreaterThan(markdown.indexOf('# Check notes'))
    expect(markdown).toContain('1 model call · 10 in / 2 out tokens')
    // The user's text is quoted: it cannot add a heading to the file.
    expect(markdown).toContain('> # not a heading')
    expect(markdown).toContain('**Tool `execute`** · completed · `$ cat notes`')
    // Output with a fence inside sits in a longer fence.
    expect(markdown).toContain('````text\na ``` fence and OPENAI_API_KEY=')
    expect(markdown.indexOf('Done: **bold**.')).toBeGreaterThan(markdown.indexOf('````text'))
  })

  it('keeps secrets when the user revealed them', () => {
    expect(exported(true)).toContain(SECRET)
  })
})

import { describe, expect, it } from 'vitest'
import { setLocale } from '@/i18n'
import { sessionStatusLabel } from './session-status-label'

describe('sessionStatusLabel', () => {
  it('says a status in words', () => {
    expect(sessionStatusLabel('requires_action')).toBe('waiting for an answer')
    expect(sessionStatusLabel('running')).toBe('running')
  })

  it('spaces out a status it does not know', () => {
    expect(sessionStatusLabel('paused_by_admin')).toBe('paused by admin')
  })

  it('says a session whose work is open on the queue waits for a worker, not for an answer, in both languages', async () => {
    expect(sessionStatusLabel('requires_action', { status: 'queued' })).toBe('waiting for a worker')
    expect(sessionStatusLabel('requires_action', { status: 'active' })).toBe(
      'waiting for its worker’s result',
    )
    // A confirmation (no open work) is an answer to give.
    expect(sessionStatusLabel('requires_action', undefined)).toBe('waiting for an answer')
    await setLocale('zh-CN')
    try {
      expect(sessionStatusLabel('requires_action', { status: 'queued' })).toBe('等待工作进程')
      expect(sessionStatusLabel('requires_action', { status: 'active' })).toBe('等待其工作进程的结果')
    } finally {
      await setLocale('en')
    }
  })
})

import { describe, expect, it } from 'vitest'
import { ENVIRONMENT_CHECK_TEXT } from './turn-scripts'
import { DEFAULT_COMMAND, planTurn, summarize, type PlanKind } from './planner'

describe('planTurn', () => {
  it.each<[string, PlanKind]>([
    ['Write environment-check.txt and read it back.', 'environment_check'],
    ['write a file and read it back', 'environment_check'],
    ['List the files and grep for TODO', 'files'],
    ['Run `ls -la`', 'shell'],
    ['Run `cat environment-check.txt`', 'shell'],
    ['run the tests', 'shell'],
    ['Produce a long output', 'long_output'],
    ['Why did the nightly job fail?', 'failing_tool'],
    ['Publish the release notes', 'confirmation'],
    ['Simulate a model error', 'model_error'],
    ['Hello!', 'plain'],
  ])('%s → %s', (prompt, kind) => {
    expect(planTurn(prompt).kind).toBe(kind)
  })

  it('takes the command from backticks or quotes, tests from the word, else a default', () => {
    const command = (prompt: string) =>
      planTurn(prompt).steps.flatMap((step) => (step.kind === 'tool' ? [step.input.command] : []))
    expect(command('Run `echo hi`')).toEqual(['echo hi'])
    expect(command('execute "uname -a"')).toEqual(['uname -a'])
    expect(command('run the tests')).toEqual(['python -m pytest'])
    expect(command('open a shell')).toEqual([DEFAULT_COMMAND])
  })

  it('asks for confirmation on the publishing write only', () => {
    const tools = planTurn('Publish it').steps.filter((step) => step.kind === 'tool')
    expect(tools).toEqual([expect.objectContaining({ name: 'write_file', needsConfirmation: true })])
  })
})

describe('summarize', () => {
  it('reads a worker\'s results as LocalHandsToolExecutor writes them (numbered lines, Exit code, "No matches found")', () => {
    const numbered = '     1|environment check: ok\n     2|worker can write and read its working directory\n'
    const write = {
      callId: 'c1',
      name: 'write_file',
      text: 'Written to environment-check.txt',
      isError: false,
    }
    const read = { callId: 'c2', name: 'read_file', text: numbered, isError: false }
    expect(summarize('environment_check', [write, read])).toContain('reads back exactly as written')
    expect(
      summarize('environment_check', [write, { ...read, text: '     1|environment check: failed\n' }]),
    ).toContain('did not pass: the file read back differently than written')
    expect(
      summarize('shell', [
        { callId: 'c', name: 'execute', text: 'Exit code: 0\n\nLinux\nalice\n', isError: false },
      ]),
    ).toBe('The command finished successfully. Its last line of output was: alice')
    expect(
      summarize('shell', [{ callId: 'c', name: 'execute', text: 'Exit code: 0\n', isError: false }]),
    ).toBe('The command finished successfully. Its last line of output was: (no output)')
    const files = [
      { callId: 'l', name: 'list_files', text: '[FILE] a.py (3 bytes)\n[DIR]  src', isError: false },
      { callId: 'g', name: 'glob_files', text: 'No matching files found', isError: false },
      { callId: 'r', name: 'grep_files', text: 'No matches found', isError: false },
    ]
    expect(summarize('files', files)).toBe(
      'The working directory has 2 entries at the top level; the glob matched 0 files and the search found 0 matching lines.',
    )
  })

  it('writes the closing line from the tool results', () => {
    const read = { callId: 'c2', name: 'read_file', text: ENVIRONMENT_CHECK_TEXT, isError: false }
    const write = { callId: 'c1', name: 'write_file', text: 'Wrote 70 bytes', isError: false }
    expect(summarize('environment_check', [write, read])).toContain('reads back exactly as written')
    expect(
      summarize('environment_check', [write, { ...read, text: 'Error: nope', isError: true }]),
    ).toContain('did not pass: Error: nope')
    expect(
      summarize('shell', [{ callId: 'c', name: 'execute', text: 'a\nexit code 2\n', isError: true }]),
    ).toBe('The command failed: exit code 2')
    expect(
      summarize('confirmation', [
        { callId: 'c', name: 'write_file', text: '', isError: true, isDenied: true },
      ]),
    ).toContain('You declined')
  })
})

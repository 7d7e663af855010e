import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/**
 * `execute` runs `/bin/bash -lc`, as upstream does, so a login shell reads ~/.profile. On a
 * real worker that is the operator's profile; in a test it is whatever the machine's account
 * has (a `pyenv init` that waits a minute for a lock, a banner merged into the output). The
 * tests are about the command's answer, so the shells they start get an empty home of their own.
 */
export function withEmptyLoginHome(): void {
  const previous = process.env.HOME
  let home = ''
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'login-home-'))
    process.env.HOME = home
  })
  afterAll(async () => {
    if (previous === undefined) delete process.env.HOME
    else process.env.HOME = previous
    if (home) await rm(home, { recursive: true, force: true })
  })
}

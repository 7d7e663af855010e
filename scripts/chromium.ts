import { existsSync } from 'node:fs'

/**
 * Debian's chromium-headless-shell: the same Chromium build (same version, Blink and V8) without the
 * desktop browser around it, which is also what Playwright runs headless by default.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
export const hasHeadlessShell = existsSync(HEADLESS_SHELL)

/**
 * The browser the e2e suite and the bench drive: `CHROMIUM_PATH`, else the headless shell when it is
 * installed, else the full browser.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (hasHeadlessShell ? HEADLESS_SHELL : '/usr/bin/chromium')

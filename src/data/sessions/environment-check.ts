/**
 * The environment check: the seed document's "verify actual execution" task, a write and a read in
 * the working directory. The session composer sends it to a session; the agent's Tools section
 * sends it to a new session after a tools change. Both send this text, so a diagnosis can tell
 * that a turn asked for a file to be written.
 */
export const ENVIRONMENT_CHECK_FILE = 'environment-check.txt'

export const VERIFY_ENVIRONMENT_MESSAGE = `Write ${ENVIRONMENT_CHECK_FILE} containing "environment check: ok" in your working directory, then read it back and tell me exactly what it contains.`

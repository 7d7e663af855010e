import table from './hands-conformance.json'

/**
 * Calls and the answers upstream's `LocalHandsToolExecutor.execute` gives them, in order, on a work
 * directory that starts empty (`{work}` stands for its path); the cases live in
 * hands-conformance.json. Each names the Java method whose text it quotes. The worker process
 * (real files) and the virtual workers (in-memory files) both run the table, so the two cannot
 * drift from upstream or from each other.
 */
export type HandsCase = {
  /** `LocalHandsToolExecutor.<method>`: what the answer shows. */
  method: string
  tool: string | null
  input: Record<string, unknown>
  content: string
  isError: boolean
}

/** The file tools and the tool-name dispatch. */
export const HANDS_FILE_CASES: readonly HandsCase[] = table.file
/** execShell's texts: these hold for a real bash and for the virtual workers' pretend shell alike. */
export const HANDS_SHELL_CASES: readonly HandsCase[] = table.shell

/** `{work}` replaced by the work directory. */
export function expectedContent(testCase: HandsCase, workDir: string): string {
  return testCase.content.replaceAll('{work}', workDir)
}

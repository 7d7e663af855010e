// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectedContent, HANDS_FILE_CASES, HANDS_SHELL_CASES } from './hands-conformance'
import { withEmptyLoginHome } from './login-home'
import { isUpstreamRequired, upstreamSpecDir } from './upstream-spec'

/**
 * The conformance table (hands-conformance.json) is upstream's word, checked: every case is run
 * through the real `LocalHandsToolExecutor` (UPSTREAM_SPEC_DIR/worker/LocalHandsToolExecutor.java,
 * unmodified), compiled here with a JDK and Jackson, and its answers must be the table's. Skipped,
 * with a line saying why, without the file or a JDK; a missing file fails when
 * UPSTREAM_SPEC_REQUIRED=1.
 */
const source = join(upstreamSpecDir(), 'worker', 'LocalHandsToolExecutor.java')
const JACKSON = ['jackson-databind.jar', 'jackson-core.jar', 'jackson-annotations.jar'].map((jar) =>
  join(process.env.JACKSON_JAR_DIR ?? '/usr/share/java', jar),
)
const hasJdk = spawnSync('javac', ['-version']).status === 0 && JACKSON.every((jar) => existsSync(jar))
const skipReason = !existsSync(source)
  ? `LocalHandsToolExecutor cross-check skipped: ${source} not found (set UPSTREAM_SPEC_DIR)`
  : !hasJdk
    ? 'LocalHandsToolExecutor cross-check skipped: no javac, or no Jackson jars in JACKSON_JAR_DIR (default /usr/share/java)'
    : null
if (skipReason && !existsSync(source) && isUpstreamRequired()) {
  throw new Error(`${skipReason}; UPSTREAM_SPEC_REQUIRED=1 makes that an error`)
}
if (skipReason) console.info(skipReason)

/** Feeds each case to LocalHandsToolExecutor.execute and prints the answers as JSON. */
const DRIVER = `
import com.fasterxml.jackson.databind.ObjectMapper;
import io.agentscope.builder.web.managed.selfhosted.LocalHandsToolExecutor;
import java.nio.file.Path;
import java.util.*;
public class Conformance {
  @SuppressWarnings("unchecked")
  public static void main(String[] args) throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    LocalHandsToolExecutor executor = new LocalHandsToolExecutor(Path.of(args[0]));
    List<Map<String, Object>> calls = mapper.readValue(System.in, List.class);
    List<Object> answers = new ArrayList<>();
    for (Map<String, Object> call : calls) {
      LocalHandsToolExecutor.ToolExecResult result =
          executor.execute((String) call.get("tool"), (Map<String, Object>) call.get("input"));
      answers.add(Map.of("content", result.content(), "isError", result.error()));
    }
    System.out.print(mapper.writeValueAsString(answers));
  }
}
`
// The one class LocalHandsToolExecutor takes from the harness module; it reads only NAME.
const SHELL_TOOL = `package io.agentscope.harness.agent.tool;
public final class ShellExecuteTool { public static final String NAME = "execute"; }
`

describe.skipIf(skipReason !== null)('the conformance table against upstream LocalHandsToolExecutor', () => {
  // Before the beforeAll that runs the shells (hooks run in order).
  withEmptyLoginHome()
  let base = ''
  let answers: { content: string; isError: boolean }[] = []
  const cases = [...HANDS_FILE_CASES, ...HANDS_SHELL_CASES]
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'hands-upstream-'))
    const sources = join(base, 'src')
    const executorDir = join(sources, 'io/agentscope/builder/web/managed/selfhosted')
    const toolDir = join(sources, 'io/agentscope/harness/agent/tool')
    await mkdir(executorDir, { recursive: true })
    await mkdir(toolDir, { recursive: true })
    await copyFile(source, join(executorDir, 'LocalHandsToolExecutor.java'))
    await writeFile(join(toolDir, 'ShellExecuteTool.java'), SHELL_TOOL)
    await writeFile(join(sources, 'Conformance.java'), DRIVER)
    const classes = join(base, 'classes')
    const classpath = [classes, ...JACKSON].join(':')
    execFileSync('javac', [
      '-d',
      classes,
      '-cp',
      JACKSON.join(':'),
      join(executorDir, 'LocalHandsToolExecutor.java'),
      join(toolDir, 'ShellExecuteTool.java'),
      join(sources, 'Conformance.java'),
    ])
    const work = join(base, 'hands', 'sess_1')
    await mkdir(work, { recursive: true })
    const output = execFileSync('java', ['-cp', classpath, 'Conformance', work], {
      input: JSON.stringify(cases.map(({ tool, input }) => ({ tool, input }))),
      encoding: 'utf8',
    })
    answers = (JSON.parse(output) as typeof answers).map((answer, index) => {
      const testCase = cases[index]
      // Compared with the table's {work}.
      return testCase ? { ...answer, content: answer.content.replaceAll(work, '{work}') } : answer
    })
  }, 120_000)
  afterAll(async () => {
    if (base) await rm(base, { recursive: true, force: true })
  })

  cases.forEach((testCase, index) => {
    it(`LocalHandsToolExecutor.${testCase.method}`, () => {
      expect(answers[index]).toEqual({
        content: expectedContent(testCase, '{work}'),
        isError: testCase.isError,
      })
    })
  })
})

import { singleQuote } from '@/lib/build-curl'
import { workerSlug } from '@/lib/worker-slug'

export { workerSlug }

const WORKER_MAIN_CLASS = 'io.agentscope.builder.worker.HandsWorkerMain'

/**
 * The Java worker takes its key only as `--environment-key`, and whatever is on a command line
 * `ps` shows (in the container, and on the host to whoever may list its processes). The Java
 * launcher reads an argument file (`java @file`) itself, so the container recipes hand it the
 * main class and the key in one: the process's command line shows the file's name, not the key.
 */
const ARGUMENT_FILE_LINE = `'%s --environment-key %s\\n' ${WORKER_MAIN_CLASS}`
export const KUBERNETES_ARGUMENT_FILE = '/etc/agentscope-worker/worker-args'
export const DOCKER_ARGUMENT_FILE = '/run/agentscope-worker/worker-args'

export type WorkerRunGuide = {
  /** Shell variables every recipe uses; the key is read from the terminal, never printed. */
  setup: string
  docker: string
  kubernetes: string
  /** The demo's own worker process (`npm run worker`), for the bundled mock over HTTP. */
  npmProcess: string
  javaProcess: string
  bubblewrap: string
  workerIdPrefix: string
}

/** The Java worker (HandsWorkerMain) takes its key as a flag only; it cannot read it from the environment. */
const workerFlags = (workerId: string, handsRoot: string) =>
  [
    `--base-url "$BASE_URL"`,
    `--environment-id "$ENVIRONMENT_ID"`,
    `--environment-key "$ENVIRONMENT_KEY"`,
    `--worker-id ${workerId}`,
    `--hands-root ${handsRoot}`,
  ].join(' \\\n  ')

/** The console's worker reads ENVIRONMENT_KEY itself, so the key stays off its command line. */
const npmWorkerFlags = (workerId: string, handsRoot: string) =>
  [
    `--base-url "$BASE_URL"`,
    `--environment-id "$ENVIRONMENT_ID"`,
    `--worker-id ${workerId}`,
    `--hands-root ${handsRoot}`,
  ].join(' \\\n  ')

/**
 * Ready-to-run recipes for a self-hosted worker. The environment id and Gateway URL are filled
 * in; the key is not: it stays in the user's shell variable `ENVIRONMENT_KEY`.
 */
export function workerRunGuide(input: {
  baseUrl: string
  environmentId: string
  environmentName: string
}): WorkerRunGuide {
  const slug = workerSlug(input.environmentName)
  const workerId = `${slug}-1`
  const setup = [
    `export BASE_URL=${singleQuote(input.baseUrl)}   # a Gateway URL the worker can reach`,
    `export ENVIRONMENT_ID=${singleQuote(input.environmentId)}`,
    `# Paste the environment key when asked: read -s keeps it off the screen and out of shell history.`,
    `read -rs -p 'Environment key: ' ENVIRONMENT_KEY && export ENVIRONMENT_KEY`,
  ].join('\n')

  const docker = [
    `export SCHEDULER_IMAGE='<scheduler image reference from the release manifest>'`,
    `# One container per worker; give every worker its own id (${slug}-2, ${slug}-3, …) and volume.`,
    `docker volume create agentscope-hands-${workerId}`,
    [
      `docker run -d --name agentscope-worker-${workerId} --restart unless-stopped`,
      `-e BASE_URL -e ENVIRONMENT_ID -e ENVIRONMENT_KEY -e WORKER_ID=${workerId}`,
      `-v agentscope-hands-${workerId}:/hands --tmpfs /run/agentscope-worker`,
      `"$SCHEDULER_IMAGE"`,
      // The key goes from the environment into an argument file in memory (printf is a shell
      // builtin, so no process has it on its command line) and java reads it from there.
      `sh -c 'umask 077 && printf ${ARGUMENT_FILE_LINE.replaceAll("'", '"')} "$ENVIRONMENT_KEY" > ${DOCKER_ARGUMENT_FILE} && unset ENVIRONMENT_KEY && exec java @${DOCKER_ARGUMENT_FILE} --base-url "$BASE_URL" --environment-id "$ENVIRONMENT_ID" --worker-id "$WORKER_ID" --hands-root /hands'`,
    ].join(' \\\n  '),
  ].join('\n')

  const kubernetes = [
    `# 1. The key goes into a Secret as the Java worker's argument file (java @file): the worker takes its key`,
    `#    only as --environment-key, and this keeps it off every command line (process substitution here, ps in the pod).`,
    `kubectl create secret generic ${slug}-worker-key --from-file=worker-args=<(printf ${ARGUMENT_FILE_LINE} "$ENVIRONMENT_KEY")`,
    `# 2. kubectl apply -f ${slug}-worker.yaml — each pod is one worker, named after the pod.`,
    `apiVersion: apps/v1`,
    `kind: Deployment`,
    `metadata:`,
    `  name: ${slug}-worker`,
    `spec:`,
    `  replicas: 2`,
    `  selector:`,
    `    matchLabels: { app: ${slug}-worker }`,
    `  template:`,
    `    metadata:`,
    `      labels: { app: ${slug}-worker }`,
    `    spec:`,
    `      containers:`,
    `        - name: worker`,
    `          image: <scheduler image reference from the release manifest>`,
    `          command: ["java", "@${KUBERNETES_ARGUMENT_FILE}"]   # the main class and the key`,
    `          args: ["--base-url", "$(BASE_URL)", "--environment-id", "$(ENVIRONMENT_ID)",`,
    `                 "--worker-id", "$(WORKER_ID)", "--hands-root", "/hands"]`,
    `          env:`,
    `            - name: BASE_URL`,
    `              value: ${JSON.stringify(input.baseUrl)}`,
    `            - name: ENVIRONMENT_ID`,
    `              value: ${JSON.stringify(input.environmentId)}`,
    `            - name: WORKER_ID          # one distinct worker id per pod: the pod name`,
    `              valueFrom: { fieldRef: { fieldPath: metadata.name } }`,
    `          volumeMounts:`,
    `            - { name: hands, mountPath: /hands }`,
    `            - { name: worker-key, mountPath: /etc/agentscope-worker, readOnly: true }`,
    `      volumes:`,
    `        - name: hands          # use a PersistentVolumeClaim if working files must survive restarts`,
    `          emptyDir: {}`,
    `        - name: worker-key`,
    `          secret: { secretName: ${slug}-worker-key }`,
  ].join('\n')

  const npmProcess = [
    `# From the console's repository, against \`npm run mock:serve\` or a real Gateway. The worker reads the`,
    `# exported ENVIRONMENT_KEY itself: the key is on no command line, so neither ps nor npm's banner shows it.`,
    `npm run worker -- \\\n  ${npmWorkerFlags(workerId, `"$HOME/agentscope-hands/${workerId}"`)}`,
  ].join('\n')

  const javaProcess = [
    `export SCHEDULER_CLASSPATH='<path to the scheduler jars>'`,
    `java -cp "$SCHEDULER_CLASSPATH" ${WORKER_MAIN_CLASS} \\\n  ${workerFlags(workerId, `"$HOME/agentscope-hands/${workerId}"`)}`,
  ].join('\n')

  const bubblewrap = [
    `# bubblewrap shares the host network namespace: this is NOT a network sandbox.`,
    `# It isolates the filesystem and the other namespaces only.`,
    `mkdir -p "$HOME/agentscope-hands/${workerId}"`,
    [
      `bwrap --ro-bind /usr /usr --ro-bind /etc /etc --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin`,
      `--ro-bind "$SCHEDULER_CLASSPATH" /opt/scheduler`,
      `--bind "$HOME/agentscope-hands/${workerId}" /hands`,
      `--proc /proc --dev /dev --tmpfs /tmp`,
      `--unshare-user --unshare-pid --unshare-ipc --unshare-uts --die-with-parent --new-session`,
      `java -cp '/opt/scheduler/*' ${WORKER_MAIN_CLASS}`,
      workerFlags(workerId, '/hands'),
    ].join(' \\\n  '),
  ].join('\n')

  return { setup, docker, kubernetes, npmProcess, javaProcess, bubblewrap, workerIdPrefix: slug }
}

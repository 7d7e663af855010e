import { useId, useState } from 'react'
import { commandBaseUrl, isDemoBackend, MOCK_SERVER_URL } from '../api/command-base-url'
import type { Environment } from '../models/environment-types'
import { workerRunGuide } from '../models/worker-run-guide'
import { CodeBlock } from '@/components/ui/code-block'
import { Notice } from '@/components/ui/notice'
import { TabPanel, Tabs } from '@/components/ui/tabs'

type Recipe = 'docker' | 'kubernetes' | 'process' | 'bubblewrap'

/** How to start a worker for this environment: the key itself is never part of these commands. */
export function WorkerRunGuideView({
  environment,
  headingLevel = 3,
}: {
  environment: Pick<Environment, 'id' | 'name'>
  /** 3 inside the key dialog (its title is the h2), 2 on the page. */
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const idBase = useId()
  const [recipe, setRecipe] = useState<Recipe>('docker')
  const guide = workerRunGuide({
    baseUrl: commandBaseUrl(),
    environmentId: environment.id,
    environmentName: environment.name,
  })
  return (
    <section aria-labelledby={`${idBase}-title`} className="flex flex-col gap-3">
      <Heading id={`${idBase}-title`} className="text-base font-semibold">
        Run your worker
      </Heading>
      <p className="text-sm text-muted-foreground">
        A worker only makes outbound requests to the Gateway; it needs no inbound port. Give every worker a
        distinct worker id. Stopping a worker does not cancel the session’s work: inspect its claims first.
      </p>
      {isDemoBackend() ? (
        <Notice tone="info">
          This console runs on the demo backend inside this browser tab, which a worker process cannot reach.
          To try a real worker, run <code className="font-mono">npm run mock:serve</code> (it listens on{' '}
          {MOCK_SERVER_URL} with its own data) and use the console in real-API mode against it, as the README
          describes.
        </Notice>
      ) : null}
      <CodeBlock
        label="1. Set the variables (paste the key when asked)"
        code={guide.setup}
        copyLabel="Copy variable setup"
      />
      <Tabs<Recipe>
        label="How to run the worker"
        idBase={idBase}
        value={recipe}
        onValueChange={setRecipe}
        items={[
          { value: 'docker', label: 'Docker' },
          { value: 'kubernetes', label: 'Kubernetes' },
          { value: 'process', label: 'Process' },
          { value: 'bubblewrap', label: 'bubblewrap' },
        ]}
      />
      <TabPanel idBase={idBase} value={recipe} className="flex flex-col gap-3">
        {recipe === 'docker' ? (
          <CodeBlock label="2. docker run" code={guide.docker} copyLabel="Copy docker command" />
        ) : null}
        {recipe === 'kubernetes' ? (
          <CodeBlock
            label="2. Secret and Deployment"
            code={guide.kubernetes}
            copyLabel="Copy Kubernetes manifest"
          />
        ) : null}
        {recipe === 'process' ? (
          <>
            <CodeBlock
              label="2. This demo’s worker (npm run worker)"
              code={guide.npmProcess}
              copyLabel="Copy npm worker command"
            />
            <CodeBlock
              label="Or the scheduler’s Java worker"
              code={guide.javaProcess}
              copyLabel="Copy Java worker command"
            />
          </>
        ) : null}
        {recipe === 'bubblewrap' ? (
          <>
            <Notice tone="warning" title="bubblewrap is not a network sandbox">
              bubblewrap shares the host network namespace: tools can reach anything the host can, including
              loopback services and cloud metadata endpoints. It isolates the filesystem and the other
              namespaces only. Use Docker, Kubernetes or a sandbox environment when the work needs network
              isolation.
            </Notice>
            <CodeBlock
              label="2. Worker inside bubblewrap"
              code={guide.bubblewrap}
              copyLabel="Copy bubblewrap command"
            />
          </>
        ) : null}
      </TabPanel>
    </section>
  )
}

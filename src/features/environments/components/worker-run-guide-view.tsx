import { useId, useState } from 'react'
import { commandBaseUrl, isDemoBackend, MOCK_SERVER_URL } from '@/api/command-base-url'
import type { Environment } from '../models/environment-types'
import { workerRunGuide } from '../models/worker-run-guide'
import { CodeBlock } from '@/components/ui/code-block'
import { Notice } from '@/components/ui/notice'
import { TabPanel, Tabs } from '@/components/ui/tabs'
import { RichText, useT } from '@/i18n'

type Recipe = 'docker' | 'kubernetes' | 'process' | 'bubblewrap'

/** A shell command, shown as code in every language. */
const MOCK_SERVE_COMMAND = 'npm run mock:serve'

/** How to start a worker for this environment: the key itself is never part of these commands. */
export function WorkerRunGuideView({
  environment,
  headingLevel = 3,
  anchorId,
}: {
  environment: Pick<Environment, 'id' | 'name'>
  /** 3 inside the key dialog (its title is the h2), 2 on the page. */
  headingLevel?: 2 | 3
  /** The section's id, for links to the guide (`#worker-guide` on the Workers tab). */
  anchorId?: string
}) {
  const { t } = useT('environments')
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const idBase = useId()
  const [recipe, setRecipe] = useState<Recipe>('docker')
  const guide = workerRunGuide({
    baseUrl: commandBaseUrl(),
    environmentId: environment.id,
    environmentName: environment.name,
  })
  return (
    <section id={anchorId} aria-labelledby={`${idBase}-title`} className="flex scroll-mt-4 flex-col gap-3">
      <Heading id={`${idBase}-title`} className="text-base font-semibold">
        {t('environments.guide.title')}
      </Heading>
      <p className="text-sm text-muted-foreground">{t('environments.guide.intro')}</p>
      {isDemoBackend() ? (
        <Notice tone="info">
          <RichText
            id="environments.guide.demo"
            values={{
              command: <code className="font-mono">{MOCK_SERVE_COMMAND}</code>,
              url: MOCK_SERVER_URL,
            }}
          />
        </Notice>
      ) : null}
      <CodeBlock
        label={t('environments.guide.setup')}
        code={guide.setup}
        copyLabel={t('environments.guide.copySetup')}
      />
      <Tabs<Recipe>
        label={t('environments.guide.recipes')}
        idBase={idBase}
        value={recipe}
        onValueChange={setRecipe}
        items={[
          { value: 'docker', label: 'Docker' },
          { value: 'kubernetes', label: 'Kubernetes' },
          { value: 'process', label: t('environments.guide.process') },
          { value: 'bubblewrap', label: 'bubblewrap' },
        ]}
      />
      <TabPanel idBase={idBase} value={recipe} className="flex flex-col gap-3">
        {recipe === 'docker' ? (
          <CodeBlock
            label={t('environments.guide.docker')}
            code={guide.docker}
            copyLabel={t('environments.guide.copyDocker')}
          />
        ) : null}
        {recipe === 'kubernetes' ? (
          <CodeBlock
            label={t('environments.guide.kubernetes')}
            code={guide.kubernetes}
            copyLabel={t('environments.guide.copyKubernetes')}
          />
        ) : null}
        {recipe === 'process' ? (
          <>
            <CodeBlock
              label={t('environments.guide.npmWorker')}
              code={guide.npmProcess}
              copyLabel={t('environments.guide.copyNpm')}
            />
            <CodeBlock
              label={t('environments.guide.javaWorker')}
              code={guide.javaProcess}
              copyLabel={t('environments.guide.copyJava')}
            />
            <Notice tone="warning">{t('environments.guide.javaKeyNote')}</Notice>
          </>
        ) : null}
        {recipe === 'bubblewrap' ? (
          <>
            <Notice tone="warning" title={t('environments.guide.bubblewrapWarningTitle')}>
              {t('environments.guide.bubblewrapWarning')}
            </Notice>
            <CodeBlock
              label={t('environments.guide.bubblewrap')}
              code={guide.bubblewrap}
              copyLabel={t('environments.guide.copyBubblewrap')}
            />
          </>
        ) : null}
      </TabPanel>
    </section>
  )
}

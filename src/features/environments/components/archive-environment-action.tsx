import { useState } from 'react'
import { useArchiveEnvironment } from '@/data/environments/mutations'
import { ActionDialog } from './action-dialog'
import { UsageSummaryState } from './usage-summary'
import type { Environment } from '../models/environment-types'
import { Button } from '@/components/ui/button'
import { RichText, useT } from '@/i18n'

export function ArchiveEnvironmentAction({ environment }: { environment: Environment }) {
  const { t } = useT('environments')
  const archive = useArchiveEnvironment(environment.id)
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button variant="destructive-outline" onClick={() => setIsOpen(true)}>
        {t('environments.archive.button')}
      </Button>
      <ActionDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={t('environments.archive.title', { name: environment.name })}
        description={t('environments.archive.description')}
        confirmLabel={t('environments.archive.confirm')}
        isDestructive
        action="archive"
        curl={{ action: 'archive', environmentId: environment.id }}
        onConfirm={async () => {
          await archive.mutateAsync()
        }}
      >
        <p className="font-medium">{t('environments.usage.whatUsesIt')}</p>
        {isOpen ? <UsageSummaryState environmentId={environment.id} /> : null}
        <p>
          <RichText
            id="environments.archive.effects"
            values={{ lead: <strong>{t('environments.archive.effectsLead')}</strong> }}
          />
        </p>
      </ActionDialog>
    </>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { archiveEnvironment } from '@/data/environments/mutations'
import { environmentKeys } from '@/data/environments/keys'
import { ActionDialog } from './action-dialog'
import { UsageSummaryState } from './usage-summary'
import type { Environment } from '../models/environment-types'
import { Button } from '@/components/ui/button'
import { RichText, useT } from '@/i18n'

export function ArchiveEnvironmentAction({ environment }: { environment: Environment }) {
  const { t } = useT('environments')
  const queryClient = useQueryClient()
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>{t('environments.archive.button')}</Button>
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
          await archiveEnvironment(environment.id)
          await queryClient.invalidateQueries({ queryKey: environmentKeys.all })
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

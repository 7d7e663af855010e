import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useDeleteEnvironment } from '@/data/environments/mutations'
import { ActionDialog } from './action-dialog'
import { UsageSummaryState } from './usage-summary'
import type { Environment } from '../models/environment-types'
import { Button } from '@/components/ui/button'
import { RichText, useT } from '@/i18n'

export function DeleteEnvironmentAction({ environment }: { environment: Environment }) {
  const { t } = useT('environments')
  const navigate = useNavigate()
  // Leave first, so the page does not refetch the environment it just deleted.
  const remove = useDeleteEnvironment(environment.id, {
    onSuccess: () => void navigate('/environments', { replace: true }),
  })
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button variant="destructive-outline" onClick={() => setIsOpen(true)}>
        {t('environments.delete.button')}
      </Button>
      <ActionDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={t('environments.delete.title', { name: environment.name })}
        description={t('environments.delete.description')}
        confirmLabel={t('environments.delete.confirm')}
        isDestructive
        action="delete"
        curl={{ action: 'delete', environmentId: environment.id }}
        onConfirm={async () => {
          await remove.mutateAsync()
        }}
      >
        <p className="font-medium">{t('environments.usage.whatUsesIt')}</p>
        {isOpen ? <UsageSummaryState environmentId={environment.id} /> : null}
        <p>
          <RichText
            id="environments.delete.effects"
            values={{ lead: <strong>{t('environments.delete.effectsLead')}</strong> }}
          />
        </p>
      </ActionDialog>
    </>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { deleteEnvironment } from '@/data/environments/mutations'
import { environmentKeys } from '@/data/environments/keys'
import { ActionDialog } from './action-dialog'
import { UsageSummaryState } from './usage-summary'
import type { Environment } from '../models/environment-types'
import { Button } from '@/components/ui/button'
import { RichText, useT } from '@/i18n'

export function DeleteEnvironmentAction({ environment }: { environment: Environment }) {
  const { t } = useT('environments')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button variant="destructive" onClick={() => setIsOpen(true)}>
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
          await deleteEnvironment(environment.id)
          // Leave first, so the page does not refetch the environment it just deleted.
          void navigate('/environments', { replace: true })
          queryClient.removeQueries({ queryKey: environmentKeys.detail(environment.id) })
          void queryClient.invalidateQueries({ queryKey: environmentKeys.lists() })
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

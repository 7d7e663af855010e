import type { ChangeEvent } from 'react'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import { isLocale, LOCALE_NAMES, LOCALES, setLocale, useT } from '@/i18n'
import { cn } from '@/lib/cn'

/**
 * English / 简体中文. Each language is named in itself (and marked with its `lang`), so a reader
 * who cannot read the current language still finds their own; the choice is remembered.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, locale } = useT('app')

  function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value
    if (!isLocale(next)) return
    setLocale(next, { persist: true }).catch((error: unknown) => {
      // The catalog chunk did not load (offline, stale deploy): the console stays in its language.
      console.error('Could not switch language', error)
    })
  }

  return (
    <Field
      label={t('app.language.label')}
      isLabelHidden
      orientation="horizontal"
      className={cn('inline-flex', className)}
    >
      {(control) => (
        <Select {...control} value={locale} onChange={handleChange} className="h-8">
          {LOCALES.map((option) => (
            <option key={option} value={option} lang={option}>
              {LOCALE_NAMES[option]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
}

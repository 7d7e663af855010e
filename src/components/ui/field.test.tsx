import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChoiceField, Field, FieldGroup } from './field'

describe('Field', () => {
  it('labels its control and has it read the hint and the error', () => {
    render(
      <Field label="Name" hint="Shown in lists" error="Name is required">
        {(control) => <input {...control} />}
      </Field>,
    )
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(input).toHaveAccessibleDescription('Shown in lists Name is required')
    expect(input).toHaveAttribute('aria-invalid', 'true')
  })

  it('is not invalid and describes nothing without hint or error', () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>)
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
  })

  it('keeps an id it is given, and gives each field its own otherwise', () => {
    render(
      <>
        <Field label="First" id="first-name">
          {(control) => <input {...control} />}
        </Field>
        <Field label="Second">{(control) => <input {...control} />}</Field>
      </>,
    )
    expect(screen.getByRole('textbox', { name: 'First' })).toHaveAttribute('id', 'first-name')
    expect(screen.getByRole('textbox', { name: 'Second' }).id).not.toBe('first-name')
  })
})

describe('ChoiceField and FieldGroup', () => {
  it('names radios by their labels and the group by its legend', () => {
    render(
      <FieldGroup legend="Environment">
        <ChoiceField label="Inherit the agent default" hint="Recommended">
          {(control) => <input type="radio" name="env" {...control} />}
        </ChoiceField>
        <ChoiceField label="Choose one">
          {(control) => <input type="radio" name="env" {...control} />}
        </ChoiceField>
      </FieldGroup>,
    )
    expect(screen.getByRole('group', { name: 'Environment' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Inherit the agent default' })).toHaveAccessibleDescription(
      'Recommended',
    )
    expect(screen.getByRole('radio', { name: 'Choose one' })).toBeInTheDocument()
  })
})

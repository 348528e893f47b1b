/** Contact form fields and their rules: one message per field, shown next to it. */
import { isEmailAddress } from '../../pages/email-address.ts'
import { ENGLISH, fill, type Words } from '../../pages/words.ts'

export const FIELDS = ['name', 'email', 'message'] as const
export type Field = (typeof FIELDS)[number]
export type Values = Record<Field, string>
export type Errors = Partial<Record<Field, string>>


/** The words of the form's messages (pages/words.ts). */
type Messages = Pick<Words, 'nameMissing' | 'nameTooLong' | 'emailMissing' | 'emailInvalid' | 'messageMissing' | 'messageTooShort' | 'messageTooLong'>

export function validateField(field: Field, value: string, words: Messages = ENGLISH): string | undefined {
  const trimmed = value.trim()
  switch (field) {
    case 'name':
      if (!trimmed) return words.nameMissing
      if (trimmed.length > 100) return words.nameTooLong
      return undefined
    case 'email':
      if (!trimmed) return words.emailMissing
      if (!isEmailAddress(trimmed)) return words.emailInvalid
      return undefined
    case 'message':
      if (!trimmed) return words.messageMissing
      if (trimmed.length < 10) return words.messageTooShort
      if (trimmed.length > 5000) return words.messageTooLong
      return undefined
  }
}

export function validateAll(values: Values, words: Messages = ENGLISH): Errors {
  const errors: Errors = {}
  for (const field of FIELDS) {
    const error = validateField(field, values[field], words)
    if (error) errors[field] = error
  }
  return errors
}

/** The `mailto:` link used when no CONTACT_ENDPOINT is configured. */
export function mailtoHref(email: string, values: Values, words: Pick<Words, 'enquirySubject'> = ENGLISH): string {
  const subject = encodeURIComponent(fill(words.enquirySubject, { name: values.name.trim() }))
  const body = encodeURIComponent(`${values.message.trim()}\n\n${values.name.trim()} <${values.email.trim()}>`)
  return `mailto:${email}?subject=${subject}&body=${body}`
}

/** Contact form fields and their rules: one message per field, shown next to it. */

export const FIELDS = ['name', 'email', 'message'] as const
export type Field = (typeof FIELDS)[number]
export type Values = Record<Field, string>
export type Errors = Partial<Record<Field, string>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Whether a text reads as an email address: the form's check, and CONTACT_EMAIL's (scripts/config.ts). */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text)
}

export function validateField(field: Field, value: string): string | undefined {
  const trimmed = value.trim()
  switch (field) {
    case 'name':
      if (!trimmed) return 'Please tell us your name.'
      if (trimmed.length > 100) return 'Please keep your name under 100 characters.'
      return undefined
    case 'email':
      if (!trimmed) return 'Please enter your email address, so we can answer.'
      if (!EMAIL.test(trimmed)) return 'This does not look like an email address (name@example.com).'
      return undefined
    case 'message':
      if (!trimmed) return 'Please write a message.'
      if (trimmed.length < 10) return 'Please write at least 10 characters.'
      if (trimmed.length > 5000) return 'Please keep your message under 5000 characters.'
      return undefined
  }
}

export function validateAll(values: Values): Errors {
  const errors: Errors = {}
  for (const field of FIELDS) {
    const error = validateField(field, values[field])
    if (error) errors[field] = error
  }
  return errors
}

/** The `mailto:` link used when no CONTACT_ENDPOINT is configured. */
export function mailtoHref(email: string, values: Values): string {
  const subject = encodeURIComponent(`Project enquiry from ${values.name.trim()}`)
  const body = encodeURIComponent(`${values.message.trim()}\n\n${values.name.trim()} <${values.email.trim()}>`)
  return `mailto:${email}?subject=${subject}&body=${body}`
}

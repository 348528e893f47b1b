/**
 * The contact modal, loaded only when a Button is activated. A modal dialog rendered outside the
 * page root, which is made inert meanwhile: focus moves to the first field and stays inside, Esc and
 * the close button close it, and focus returns to the button that opened it.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import type { ContactSettings } from '../../pages/build-contract.ts'
import { ENGLISH, fill, type Words } from '../../pages/words.ts'
import { ModalDialog } from '../parts/modal.tsx'
import { FIELDS, mailtoHref, validateAll, validateField, type Errors, type Field, type Values } from './validate.ts'

/** `mailto`: the visitor's email app was asked to open with the message (no form endpoint). */
type Status = 'editing' | 'sending' | 'sent' | 'mailto' | 'failed'

export interface ContactDialogProps {
  contact: ContactSettings
  /** The interface's words in the page's language (pages/words.ts). */
  words?: Words
  onClose: () => void
}

/** What the visitor sees once the message is on its way: focus moves to it, so it is announced. */
function Confirmation({ status, name, email, words, onClose }: { status: 'sent' | 'mailto'; name: string; email?: string; words: Words; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.focus(), [])
  return (
    <div ref={box} className="contact-confirmation" role="status" tabIndex={-1}>
      {status === 'sent' ? (
        <p>{fill(words.sent, { name })}</p>
      ) : (
        <p>
          {fill(words.mailtoOpened, { name })}
          {email ? (
            <>
              {' '}
              {words.mailtoFallback} <a href={`mailto:${email}`}>{email}</a>.
            </>
          ) : null}
        </p>
      )}
      <button type="button" className="button button-secondary" onClick={onClose}>
        {words.done}
      </button>
    </div>
  )
}

/** The form's values, messages and status, and what sending does: post to the endpoint, or open a mail. */
function useContactForm(contact: ContactSettings, words: Words, dialog: RefObject<HTMLDialogElement | null>) {
  const [values, setValues] = useState<Values>({ name: '', email: '', message: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [status, setStatus] = useState<Status>('editing')
  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateField(field, value, words) }))
  }
  const check = (field: Field) => setErrors((current) => ({ ...current, [field]: validateField(field, values[field], words) }))
  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = validateAll(values, words)
    setErrors(found)
    const firstInvalid = FIELDS.find((field) => found[field])
    if (firstInvalid) return dialog.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
    if (!contact.endpoint) {
      window.location.href = mailtoHref(contact.email ?? '', values, words)
      return setStatus('mailto')
    }
    setStatus('sending')
    try {
      const response = await fetch(contact.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(values) })
      setStatus(response.ok ? 'sent' : 'failed')
    } catch {
      setStatus('failed')
    }
  }
  return { values, errors, status, update, check, submit }
}

/** One labelled field, with its message when it has one. */
function FormField({ id, field, value, error, words, onChange, onBlur }: { id: string; field: Field; value: string; error?: string; words: Words; onChange: (value: string) => void; onBlur: () => void }) {
  const Control = field === 'message' ? 'textarea' : 'input'
  return (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{words[field]}</label>
      <Control
        id={`${id}-${field}`}
        name={field}
        {...(field === 'message' ? { rows: 5 } : { type: field === 'email' ? 'email' : 'text' })}
        autoComplete={field === 'message' ? undefined : field}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${field}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p className="field-error" id={`${id}-${field}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

export default function ContactDialog({ contact, words = ENGLISH, onClose }: ContactDialogProps) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const { values, errors, status, update, check, submit } = useContactForm(contact, words, dialog)
  return (
    <ModalDialog dialog={dialog} className="contact-dialog" title={words.contactTitle} close={words.close} closes={words.closeContact} onClose={onClose}>
      {status === 'sent' || status === 'mailto' ? (
        <Confirmation status={status} name={values.name.trim()} email={contact.email} words={words} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit}>
          {FIELDS.map((field) => (
            <FormField key={field} id={id} field={field} value={values[field]} error={errors[field]} words={words} onChange={(value) => update(field, value)} onBlur={() => check(field)} />
          ))}
          {status === 'failed' ? (
            <p role="alert" className="form-error">
              {words.sendFailed}
            </p>
          ) : null}
          <button type="submit" className="button button-primary" disabled={status === 'sending'}>
            {status === 'sending' ? words.sending : contact.endpoint ? words.send : words.writeEmail}
          </button>
          {status === 'sending' ? <p role="status" className="visually-hidden">{words.sendingStatus}</p> : null}
        </form>
      )}
    </ModalDialog>
  )
}

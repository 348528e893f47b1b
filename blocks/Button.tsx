/**
 * `button`: opens the contact modal. The dialog's code is fetched on first activation, so visitors
 * who never press the button never download it. When the site has a contact address the button is
 * a `mailto:` link, which the dialog takes over once the page runs: without JavaScript (or before
 * it has loaded) the visitor can still write.
 */
import { lazy, Suspense, useState, type MouseEvent } from 'react'
import type { BlockProps } from './types.ts'
import { useBlockEnv } from './environment.tsx'
import { useEditable } from './parts/editable.ts'
import { text } from './parts/fields.ts'
import { LoadBoundary } from './parts/LoadBoundary.tsx'

const ContactDialog = lazy(() => import('./contact/ContactDialog.tsx'))

export function Button({ blok }: BlockProps) {
  const { contact, words } = useBlockEnv()
  const [open, setOpen] = useState(false)
  const variant = blok.variant === 'secondary' ? 'secondary' : 'primary'
  const label = text(blok.label) ?? words.contactUs
  const openDialog = (event: MouseEvent) => {
    event.preventDefault()
    setOpen(true)
  }
  const className = `button button-${variant}`
  return (
    <p {...useEditable(blok)}>
      {contact.email ? (
        <a className={className} href={`mailto:${contact.email}`} aria-haspopup="dialog" onClick={openDialog}>
          {label}
        </a>
      ) : (
        <button type="button" className={className} aria-haspopup="dialog" onClick={openDialog}>
          {label}
        </button>
      )}
      {open ? (
        <LoadBoundary what="contact form">
          <Suspense fallback={null}>
            <ContactDialog contact={contact} words={words} onClose={() => setOpen(false)} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </p>
  )
}

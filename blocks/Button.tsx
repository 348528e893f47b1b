/**
 * `button`: opens the contact modal. The dialog's code is fetched on first activation, so visitors
 * who never press the button never download it.
 */
import { lazy, Suspense, useState } from 'react'
import type { BlockProps } from './types.ts'
import { useBlockEnv } from './environment.tsx'
import { useEditable } from './parts/editable.ts'
import { text } from './parts/fields.ts'
import { LoadBoundary } from './parts/LoadBoundary.tsx'

const ContactDialog = lazy(() => import('./contact/ContactDialog.tsx'))

export function Button({ blok }: BlockProps) {
  const { contact } = useBlockEnv()
  const [open, setOpen] = useState(false)
  const variant = blok.variant === 'secondary' ? 'secondary' : 'primary'
  return (
    <p {...useEditable(blok)}>
      <button type="button" className={`button button-${variant}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text(blok.label) ?? 'Contact us'}
      </button>
      {open ? (
        <LoadBoundary what="contact form">
          <Suspense fallback={null}>
            <ContactDialog contact={contact} onClose={() => setOpen(false)} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </p>
  )
}

/**
 * `button`: a call-to-action link when it has a `link` (a story, a URL or an email address, under
 * the URL policy of every link); otherwise it opens the contact modal. The dialog's code is fetched
 * on first activation, so visitors who never press the button never download it. When the site
 * has a contact address the button is a `mailto:` link, which the dialog takes over once the page
 * runs: without JavaScript (or before it has loaded) the visitor can still write.
 */
import { lazy, Suspense, useState, type MouseEvent } from 'react'
import { multilinkHref } from '../cms/links.ts'
import { safeUrl } from '../cms/url-policy.ts'
import type { BlockProps } from './types.ts'
import { useBlockEnv } from './environment.tsx'
import { useEditable } from './parts/editable.ts'
import { text } from './parts/fields.ts'
import { HYDRATE_ON_USE } from './parts/hydrate-on-use.ts'
import { LoadBoundary } from './parts/LoadBoundary.tsx'

const ContactDialog = lazy(() => import('./contact/ContactDialog.tsx'))

/** The button as a link to where its `link` field points. */
function LinkButton({ blok, href, className, editable }: { blok: BlockProps<'button'>['blok']; href: string; className: string; editable: ReturnType<typeof useEditable> }) {
  const { words } = useBlockEnv()
  const blank = blok.link?.target === '_blank'
  return (
    <p {...editable}>
      <a className={className} href={href} {...(blank ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {text(blok.label) ?? href.replace(/^mailto:/, '')}
        {blank ? <span className="visually-hidden">{` ${words.opensInNewTab}`}</span> : null}
      </a>
    </p>
  )
}

export function Button({ blok }: BlockProps<'button'>) {
  const { contact, words, links } = useBlockEnv()
  const [open, setOpen] = useState(false)
  // Every hook before the link's early return: an editor adding a link must not change their order.
  const editable = useEditable(blok)
  const variant = blok.variant === 'secondary' ? 'secondary' : 'primary'
  const className = `button button-${variant}`
  const href = safeUrl(multilinkHref(blok.link ?? undefined, links), 'link')
  if (href) return <LinkButton blok={blok} href={href} className={className} editable={editable} />
  const label = text(blok.label) ?? words.contactUs
  const openDialog = (event: MouseEvent) => {
    event.preventDefault()
    setOpen(true)
  }
  return (
    <p {...editable}>
      {contact.email ? (
        <a className={className} href={`mailto:${contact.email}`} aria-haspopup="dialog" {...HYDRATE_ON_USE} onClick={openDialog}>
          {label}
        </a>
      ) : (
        <button type="button" className={className} aria-haspopup="dialog" {...HYDRATE_ON_USE} onClick={openDialog}>
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

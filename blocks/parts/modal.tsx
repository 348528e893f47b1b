/** What the site's modal dialogs share (the contact form, search): the dialog and its header, opening as a modal, and a focus trap. */
import { useEffect, useId, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)]
}

export function trapTab(event: KeyboardEvent | React.KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return
  const items = focusables(container)
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) return
  const active = container.ownerDocument.activeElement
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

/** Opens `dialog` as a modal: the page root inert, focus on the first field, back to the opener on close. */
export function useModal(dialog: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const element = dialog.current
    const opener = document.activeElement as HTMLElement | null
    const root = document.getElementById('root')
    if (!element) return
    // showModal() makes the rest of the page inert in browsers; `inert` on the root does the same
    // explicitly (and where showModal is missing).
    if (typeof element.showModal === 'function' && !element.open) element.showModal()
    else element.setAttribute('open', '')
    if (root) root.inert = true
    focusables(element).find((item) => item.tagName === 'INPUT')?.focus()
    return () => {
      if (root) root.inert = false
      opener?.focus()
    }
  }, [dialog])
}

export interface ModalDialogProps {
  /** The `<dialog>`'s ref, for the caller to find its fields. */
  dialog: RefObject<HTMLDialogElement | null>
  /** The dialog's class; its header's is `<className>-header`. */
  className: string
  title: string
  /** The close button's label, and what it closes for screen readers ("Close" + " the search"). */
  close: string
  closes: string
  onClose: () => void
  children: ReactNode
}

/**
 * A modal dialog rendered outside the page root: titled, closed by Esc or its close button, focus
 * kept inside while it is open (useModal).
 */
export function ModalDialog({ dialog, className, title, close, closes, onClose, children }: ModalDialogProps) {
  const id = useId()
  useModal(dialog)
  return createPortal(
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={`${id}-title`}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onClose()
        } else if (dialog.current) trapTab(event, dialog.current)
      }}
    >
      <div className={`${className}-header`}>
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="close" onClick={onClose}>
          {close}
          <span className="visually-hidden"> {closes}</span>
        </button>
      </div>
      {children}
    </dialog>,
    document.body,
  )
}

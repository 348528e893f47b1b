import type { Blok } from '../cms/content-model.ts'
import { text } from './parts/fields.ts'

/** `button`: opens the contact modal. */
export function Button({ blok }: { blok: Blok }) {
  const variant = blok.variant === 'secondary' ? 'secondary' : 'primary'
  return (
    <p>
      <button type="button" className={`button button-${variant}`} data-contact>
        {text(blok.label) ?? 'Contact'}
      </button>
    </p>
  )
}

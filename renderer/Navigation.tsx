/**
 * The header navigation. Below the `lg` breakpoint (1280 px, docs/behaviour.md, "Constants") it
 * collapses behind a menu button; without JavaScript (before hydration or never) the list stays
 * visible, so the site is always navigable.
 */
import { useEffect, useId, useState } from 'react'
import type { NavItem } from '../pages/route-payload.ts'

export function Navigation({ items, route }: { items: NavItem[]; route?: string }) {
  const id = useId()
  const [enhanced, setEnhanced] = useState(false)
  const [open, setOpen] = useState(false)
  // Collapsing only once hydrated keeps server and client HTML identical.
  useEffect(() => setEnhanced(true), [])
  useEffect(() => setOpen(false), [route])

  return (
    <nav aria-label="Main" className={enhanced ? 'site-nav-enhanced' : undefined}>
      <button
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        hidden={!enhanced}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      >
        Menu
      </button>
      <ul id={`${id}-menu`} className="site-nav" data-open={open}>
        {items.map((item) => (
          <li key={item.route}>
            <a href={item.route} aria-current={item.route === route ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

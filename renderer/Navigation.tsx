/**
 * The header navigation. Below the `md` breakpoint (960 px, docs/behaviour.md, "Constants") it
 * collapses behind a menu button, and it does so in CSS alone, before any script runs: the server
 * HTML carries a Menu link to `#site-menu` that opens the list by `:target`, and a Close link.
 * Once hydrated the links become a real button of the same size (aria-expanded, Escape closes),
 * so hydration never moves the layout (CLS 0, tests/web-vitals.test.ts).
 */
import { useEffect, useRef, useState } from 'react'
import { currentItem } from '../pages/navigation.ts'
import type { NavItem } from '../pages/build-contract.ts'
import type { Words } from '../pages/words.ts'

/** The list's id: the target of the no-script Menu link. There is one main navigation a page. */
export const MENU_ID = 'site-menu'

export function Navigation({ items, route, home, words }: { items: NavItem[]; route?: string; home?: string; words: Pick<Words, 'menu' | 'close' | 'mainNavigation'> }) {
  const current = currentItem(items, route, home)
  const [enhanced, setEnhanced] = useState(false)
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // The button replaces the links only once hydrated, so server and client HTML stay identical;
  // a menu opened by the no-script link stays open.
  useEffect(() => {
    setEnhanced(true)
    setOpen(location.hash === `#${MENU_ID}`)
  }, [])
  useEffect(() => setOpen(false), [route])

  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  return (
    <nav aria-label={words.mainNavigation} className={enhanced ? 'site-nav-wrap enhanced' : 'site-nav-wrap'} onKeyDown={(event) => open && event.key === 'Escape' && close()}>
      {enhanced ? (
        <button ref={button} type="button" className="menu-button" aria-expanded={open} aria-controls={MENU_ID} onClick={() => setOpen((value) => !value)}>
          {open ? words.close : words.menu}
        </button>
      ) : (
        <>
          <a className="menu-button menu-open" href={`#${MENU_ID}`}>
            {words.menu}
          </a>
          <a className="menu-button menu-close" href="#">
            {words.close}
          </a>
        </>
      )}
      <ul id={MENU_ID} className="site-nav" data-open={open}>
        {items.map((item) => (
          <li key={item.route}>
            <a href={item.route} aria-current={item.route === current?.route ? current.current : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

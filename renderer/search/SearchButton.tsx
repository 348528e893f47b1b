/**
 * The header's search button, and `/` anywhere outside a form field: it opens the search dialog,
 * whose code and index are fetched only then. Rendered on the server like the rest of the header,
 * so it takes its place before the page runs and never shifts the layout.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import type { Words } from '../../pages/words.ts'
import { LoadBoundary } from '../../blocks/parts/LoadBoundary.tsx'
import { HYDRATE_ON_USE } from '../../blocks/parts/hydrate-on-use.ts'
import { isSearchShortcut } from './shortcut.ts'

const SearchDialog = lazy(() => import('./SearchDialog.tsx'))

export function SearchButton({ words }: { words: Words }) {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return
      event.preventDefault()
      setOpen(true)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button type="button" className="search-button" aria-haspopup="dialog" aria-keyshortcuts="/" {...HYDRATE_ON_USE} onClick={() => setOpen(true)}>
        <svg className="search-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="search-label">{words.search}</span>
      </button>
      {open ? (
        <LoadBoundary what="search">
          <Suspense fallback={null}>
            <SearchDialog words={words} onClose={() => setOpen(false)} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </>
  )
}

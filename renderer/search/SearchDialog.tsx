/**
 * The search dialog, loaded when search is first opened: a modal with a search field and the
 * results as links into the page's language. Focus starts in the field and stays inside; Esc and
 * the close button close it, and focus returns to what opened it. Results are announced as they
 * arrive.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { fill, type Words } from '../../pages/words.ts'
import { ModalDialog } from '../../blocks/parts/modal.tsx'
import { excerptParts, search, type SearchHit } from './pagefind.ts'

/** `total`: the pages that matched, of which the first SHOWN_RESULTS (pagefind.ts) are listed. */
type Found = { query: string; hits: SearchHit[]; total: number } | { query: string; failed: true }

/** The results of the words typed, the latest search's only. */
function useSearch(query: string): Found | undefined {
  const [found, setFound] = useState<Found>()
  useEffect(() => {
    const term = query.trim()
    if (!term) return setFound(undefined)
    let current = true
    search(term).then(
      (result) => current && result && setFound({ query: term, ...result }),
      () => current && setFound({ query: term, failed: true }),
    )
    return () => {
      current = false
    }
  }, [query])
  return found
}

function Excerpt({ html }: { html: string }) {
  return (
    <p>
      {excerptParts(html).map((part, at) => (part.marked ? <mark key={at}>{part.text}</mark> : part.text))}
    </p>
  )
}

function Results({ found, words, onPick }: { found: Found; words: Words; onPick: () => void }) {
  // `data-query`: which words these results answer, while newer ones are on their way.
  if ('failed' in found)
    return (
      <p role="alert" className="search-found" data-query={found.query}>
        {words.searchFailed}
      </p>
    )
  return (
    <div className="search-found" data-query={found.query}>
      <p role="status" className="search-count">
        {found.total ? fill(words.searchResults, { count: found.total }) : fill(words.searchNothing, { query: found.query })}
      </p>
      <ol className="search-results">
        {found.hits.map((hit) => (
          <li key={hit.url}>
            <a href={hit.url} onClick={onPick}>
              {hit.title}
            </a>
            <Excerpt html={hit.excerpt} />
          </li>
        ))}
      </ol>
    </div>
  )
}

export default function SearchDialog({ words, onClose }: { words: Words; onClose: () => void }) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [query, setQuery] = useState('')
  const found = useSearch(query)
  return (
    <ModalDialog dialog={dialog} className="search-dialog" title={words.searchTitle} close={words.close} closes={words.closeSearch} onClose={onClose}>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${id}-query`} className="visually-hidden">
          {words.search}
        </label>
        <input id={`${id}-query`} type="search" value={query} autoComplete="off" onChange={(event) => setQuery(event.target.value)} />
      </form>
      {found ? <Results found={found} words={words} onPick={onClose} /> : null}
    </ModalDialog>
  )
}

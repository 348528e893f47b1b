/**
 * The browser's side of search: Pagefind's own script, which each build writes beside the pages
 * (`/pagefind/`, scripts/engine/search/). Loaded when the visitor first opens search, never
 * bundled: it reads the index of the page's `<html lang>`, so results stay in the page's language.
 */

/** One result as Pagefind gives it: the page's URL, its title and an excerpt with `<mark>`ed words. */
export interface SearchHit {
  url: string
  title: string
  excerpt: string
}

interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }>
}

interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>
  /** Resolves with null when a newer search replaced this one within the debounce time. */
  debouncedSearch(term: string, options?: object, debounceMs?: number): Promise<{ results: PagefindResult[] } | null>
}

export const PAGEFIND_URL = '/pagefind/pagefind.js'
/** Results shown at once: a visitor refines the words rather than scrolling a long list. */
export const SHOWN_RESULTS = 8

let loading: Promise<Pagefind> | undefined

function pagefind(): Promise<Pagefind> {
  if (!loading) {
    loading = import(/* @vite-ignore */ PAGEFIND_URL).then(async (module: Pagefind) => (await module.options({ excerptLength: 24 }), module))
    // A failed load (offline, an index not written yet) is tried again by the next search.
    loading.catch(() => (loading = undefined))
  }
  return loading
}

/** The best hits for `term` and how many pages matched in all, or null when a newer search replaced this one. */
export async function search(term: string): Promise<{ hits: SearchHit[]; total: number } | null> {
  const found = await (await pagefind()).debouncedSearch(term, {}, 200)
  if (!found) return null
  const pages = await Promise.all(found.results.slice(0, SHOWN_RESULTS).map((result) => result.data()))
  return { hits: pages.map((page) => ({ url: page.url, title: page.meta.title ?? page.url, excerpt: page.excerpt })), total: found.results.length }
}

/**
 * An excerpt as text and marked words, read through the DOM parser rather than set as HTML: only
 * `<mark>` survives, whatever the indexed page held.
 */
export function excerptParts(html: string, parse = (text: string) => new DOMParser().parseFromString(text, 'text/html')): { text: string; marked: boolean }[] {
  return [...parse(html).body.childNodes].map((node) => ({ text: node.textContent ?? '', marked: node.nodeName === 'MARK' }))
}

/**
 * Stage 5, after going live: search. In, the live build's HTML (story pages mark their content
 * with `data-pagefind-body`; lists, breadcrumbs and chrome are left out); out, its `pagefind/`
 * folder, one index per language. A build goes live with the previous index (carryIndex) and
 * never waits for this one.
 */
export { carryIndex, SEARCH_DIR, SEARCH_ENTRY, updateIndex, type IndexUpdate } from './search-index.ts'

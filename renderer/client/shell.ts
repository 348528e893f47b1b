/**
 * The build's shell (site settings and navigation, pages/build-contract.ts): fetched once per visit
 * from the content-hashed file the page names (`data-shell` on #root), in parallel with the first
 * payload, and kept for every later view.
 */
import type { SiteShell } from '../../pages/build-contract.ts'
import { siteFetch } from './fetch.ts'

let loading: Promise<SiteShell> | undefined

/** The shell of the build this page came from; rejects if the page names none or it cannot be had. */
export function loadShell(): Promise<SiteShell> {
  if (!loading) {
    const url = document.getElementById('root')?.dataset.shell
    loading = url ? siteFetch<SiteShell>(url) : Promise.reject(new Error('the page names no shell file'))
    // A failed fetch is tried again by the next view.
    loading.catch(() => (loading = undefined))
  }
  return loading
}

/** The one layout of the site: header with the site name and navigation, main, footer. */
import type { ReactNode } from 'react'
import type { Alternate, SiteShell } from '../pages/build-contract.ts'
import { wordsOf } from '../pages/words.ts'
import { MAIN_ID } from './landmarks.ts'
import { FooterContent, HeaderContent } from './SiteChrome.tsx'
import './theme.css'

/** The header's and the footer's insides as HTML, rendered once for pages that share them (renderer/document.tsx). */
export interface RenderedChrome {
  header: string
  footer: string
}

/** `indexed`: the page is a story, whose main content the search index holds (scripts/engine/search/). */
export function Layout({ shell, route, alternates, chrome, indexed, children }: { shell: SiteShell; route?: string; alternates?: Alternate[]; chrome?: RenderedChrome; indexed?: boolean; children: ReactNode }) {
  const words = wordsOf(shell)
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {words.skipToContent}
      </a>
      {chrome ? (
        <header className="site-header" dangerouslySetInnerHTML={{ __html: chrome.header }} />
      ) : (
        <header className="site-header">
          <HeaderContent shell={shell} route={route} alternates={alternates} />
        </header>
      )}
      <main id={MAIN_ID} {...(indexed ? { 'data-pagefind-body': '' } : {})}>
        {children}
      </main>
      {chrome ? (
        <footer className="site-footer" dangerouslySetInnerHTML={{ __html: chrome.footer }} />
      ) : (
        <footer className="site-footer">
          <FooterContent shell={shell} />
        </footer>
      )}
    </>
  )
}

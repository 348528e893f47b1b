/** The one layout of the site: header with the site name and navigation, main, footer. */
import type { ReactNode } from 'react'
import type { Alternate, SiteShell } from '../pages/route-payload.ts'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { wordsOf } from '../pages/words.ts'
import { Navigation } from './Navigation.tsx'
import { MAIN_ID } from './landmarks.ts'
import './theme.css'

export function Layout({ shell, route, alternates, children }: { shell: SiteShell; route?: string; alternates?: Alternate[]; children: ReactNode }) {
  const { site, nav, footer } = shell
  const words = wordsOf(shell)
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {words.skipToContent}
      </a>
      <header className="site-header">
        <a className="site-name" href={site.home ?? '/'}>
          {site.name}
        </a>
        <Navigation items={nav} route={route} words={words} />
        <LanguageSwitcher alternates={alternates} route={route} label={words.languageNavigation} />
      </header>
      <main id={MAIN_ID}>{children}</main>
      <footer className="site-footer">
        {footer.length ? (
          <nav aria-label={words.footerNavigation}>
            <ul className="footer-nav">
              {footer.map((item) => (
                <li key={`${item.route}-${item.label}`}>
                  <a href={item.route}>{item.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p>
          © {site.name}
        </p>
      </footer>
    </>
  )
}

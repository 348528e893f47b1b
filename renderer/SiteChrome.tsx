/**
 * What the header and the footer hold: the same on every page of a language's site, but for the
 * current page's mark in the navigation (and the language switcher, where a page has
 * translations). renderer/Layout.tsx renders them, or, for the build's story pages, takes them as
 * HTML already rendered for another page with the same marks (see renderer/document.tsx).
 */
import type { Alternate, SiteShell } from '../pages/build-contract.ts'
import { wordsOf } from '../pages/words.ts'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { Navigation } from './Navigation.tsx'
import { SearchButton } from './search/SearchButton.tsx'

export interface ChromeProps {
  shell: SiteShell
  route?: string
  alternates?: Alternate[]
}

/** The inside of `<header class="site-header">`. */
export function HeaderContent({ shell, route, alternates }: ChromeProps) {
  const { site, nav } = shell
  const words = wordsOf(shell)
  return (
    <>
      <a className="site-name" href={site.home ?? '/'}>
        {site.name}
      </a>
      <Navigation items={nav} route={route} home={site.home} words={words} />
      {site.search ? <SearchButton words={words} /> : null}
      <LanguageSwitcher alternates={alternates} route={route} label={words.languageNavigation} />
    </>
  )
}

/** The inside of `<footer class="site-footer">`. */
export function FooterContent({ shell }: Pick<ChromeProps, 'shell'>) {
  const { site, footer } = shell
  const words = wordsOf(shell)
  return (
    <>
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
      <p>© {site.name}</p>
    </>
  )
}

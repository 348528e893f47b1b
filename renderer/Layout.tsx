/** The one layout of the site: header with the site name and navigation, main, footer. */
import type { ReactNode } from 'react'
import type { NavItem } from '../pages/route-payload.ts'
import type { SiteInfo } from '../pages/route-payload.ts'
import { Navigation } from './Navigation.tsx'
import './theme.css'

export function Layout({ site, nav, route, children }: { site: SiteInfo; nav: NavItem[]; route?: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="site-name" href="/">
          {site.name}
        </a>
        <Navigation items={nav} route={route} />
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>
          © {site.name}
        </p>
      </footer>
    </>
  )
}

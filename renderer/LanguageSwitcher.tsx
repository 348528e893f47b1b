/**
 * The language switcher of a site with several languages: this page in each language it exists
 * in, as plain links (keyboard reachable, working without JavaScript and through client
 * navigation), the current one marked. Rendered on the server like the rest of the header, so it
 * never shifts the layout at hydration.
 */
import type { Alternate } from '../pages/build-contract.ts'

export function LanguageSwitcher({ alternates, route, label }: { alternates?: Alternate[]; route?: string; label: string }) {
  if (!alternates || alternates.length < 2) return null
  return (
    <nav aria-label={label} className="language-switcher">
      <ul>
        {alternates.map(({ language, route: href }) => (
          <li key={language}>
            <a href={href} hrefLang={language} lang={language} aria-current={href === route ? 'true' : undefined}>
              {language.toUpperCase()}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

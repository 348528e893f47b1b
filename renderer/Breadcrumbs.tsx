/**
 * The trail above a page nested in folders (pages/breadcrumbs.ts): "Home › Journal". Top-level
 * pages show none, since their only ancestor is the home page the header already links to.
 */
import type { NavItem } from '../pages/build-contract.ts'

export function Breadcrumbs({ items, label }: { items?: NavItem[]; label: string }) {
  if (!items || items.length < 2) return null
  return (
    <nav aria-label={label} className="breadcrumbs" data-pagefind-ignore="">
      <ol>
        {items.map((item) => (
          <li key={item.route}>
            <a href={item.route}>{item.label}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

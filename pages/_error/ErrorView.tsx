/**
 * 404 and 500 views (docs/behaviour.md, "Routes and error pages"). On the CDN one static 404.html
 * answers every missing path, so the browser runtime writes the requested path into `#missing-path`
 * (renderer/+client.ts: an inline script would break the Content-Security-Policy); without
 * JavaScript the heading still says what happened.
 */
import { usePageContext } from '../../renderer/PageContextProvider.tsx'
import { NOT_FOUND_TITLE, SERVER_ERROR_TITLE } from '../../renderer/head.ts'

export function ErrorView() {
  const { is404, urlPathname, missingPath } = usePageContext()
  if (is404 === false) {
    return (
      <section className="error-page">
        <p className="error-code">500</p>
        <h1>{SERVER_ERROR_TITLE}</h1>
        <p className="lead">Something went wrong on our side. Please try again in a moment.</p>
        <p className="error-actions">
          <a className="button button-primary" href="/">
            Back to the home page
          </a>
        </p>
      </section>
    )
  }
  return (
    <section className="error-page">
      <p className="error-code">404</p>
      <h1>{NOT_FOUND_TITLE}</h1>
      <p className="meta">
        {NOT_FOUND_TITLE}: <code id="missing-path">{missingPath ?? urlPathname}</code>
      </p>
      <p className="lead">The page may have moved, or the address may be mistyped. The navigation above leads to everything on this site.</p>
      <p className="error-actions">
        <a className="button button-primary" href="/">
          Back to the home page
        </a>
      </p>
    </section>
  )
}

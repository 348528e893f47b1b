/**
 * 404 and 500 views (docs/behaviour.md, "Routes and error pages"). On the CDN one static 404.html
 * answers every missing path, so the browser runtime writes the requested path into `#missing-path`
 * (renderer/+client.ts: an inline script would break the Content-Security-Policy); without
 * JavaScript the heading still says what happened.
 */
import { usePageContext } from '../../renderer/PageContextProvider.tsx'
import { wordsOf } from '../words.ts'

export function ErrorView() {
  const { is404, urlPathname, missingPath, shell } = usePageContext()
  const words = wordsOf(shell)
  const home = shell?.site.home ?? '/'
  if (is404 === false) {
    return (
      <section className="error-page">
        <p className="error-code">500</p>
        <h1>{words.serverError}</h1>
        <p className="lead">{words.serverErrorLead}</p>
        <p className="error-actions">
          <a className="button button-primary" href={home}>
            {words.backHome}
          </a>
        </p>
      </section>
    )
  }
  return (
    <section className="error-page">
      <p className="error-code">404</p>
      <h1>{words.notFound}</h1>
      <p className="meta">
        {words.notFound}: <span id="missing-path">{missingPath ?? urlPathname}</span>
      </p>
      <p className="lead">{words.notFoundLead}</p>
      <p className="error-actions">
        <a className="button button-primary" href={home}>
          {words.backHome}
        </a>
      </p>
    </section>
  )
}

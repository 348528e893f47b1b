/** The React tree of a page, identical on the server and in the browser (hydration needs both equal). */
import type { ViewContext } from './view-context.ts'
import { Layout } from './Layout.tsx'
import { PageContextProvider } from './PageContextProvider.tsx'
import { shellOf } from './shell.ts'

export function PageRoot({ pageContext }: { pageContext: ViewContext }) {
  const { Page } = pageContext
  return (
    <PageContextProvider pageContext={pageContext}>
      <Layout shell={shellOf(pageContext)} route={pageContext.payload?.route} alternates={pageContext.payload?.alternates} chrome={pageContext.chrome} indexed={Boolean(pageContext.payload)}>
        {Page ? <Page /> : null}
      </Layout>
    </PageContextProvider>
  )
}

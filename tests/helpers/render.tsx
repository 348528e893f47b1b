/** Server-renders a block inside the contexts a page provides, for block tests. */
import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContext } from 'vike/types'
import { Block } from '../../blocks/Block.tsx'
import { BlockEnvironment } from '../../blocks/environment.tsx'
import type { Blok } from '../../cms/content-model.ts'
import type { RoutePayload } from '../../pages/build-contract.ts'
import { PageContextProvider } from '../../renderer/PageContextProvider.tsx'

export function payloadWith(content: Blok, extra: Partial<RoutePayload> = {}): RoutePayload {
  return {
    route: '/test/',
    story: { id: 1, uuid: 'story-uuid', name: 'Story name', full_slug: 'test', first_published_at: '2025-05-01T10:00:00.000Z', content },
    links: {},
    ...extra,
  }
}

export function renderBlock(blok: Blok, { editor = false, payload = payloadWith(blok) }: { editor?: boolean; payload?: RoutePayload } = {}): string {
  return renderToStaticMarkup(
    <PageContextProvider pageContext={{ payload } as unknown as PageContext}>
      <BlockEnvironment payload={payload} editor={editor} Block={Block}>
        <Block blok={blok} />
      </BlockEnvironment>
    </PageContextProvider>,
  )
}

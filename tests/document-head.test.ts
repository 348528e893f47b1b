import type { PageContext } from 'vike/types'
import { describe, expect, it } from 'vitest'
import { loadSpace } from '../cms/api/space.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import { siteOf } from '../pages/site.ts'
import { storiesInMemory } from '../pages/stories.ts'
import { DOCUMENT_END, documentHead } from '../renderer/document-head.ts'
import { renderDocument } from '../renderer/document.tsx'
import { StoryView } from '../pages/story/StoryView.tsx'

const space = loadSpace(DEMO_SPACE_DIR)
const site = siteOf(storiesInMemory(space.stories.filter((story) => story.published !== false)), { name: space.name, url: 'https://studio.example', language: 'en' })
const SHELL_FILE = '/assets/site.0123456789ab.json'

describe('documentHead', () => {
  it('should make the same head from a payload as from its JSON, as the render worker gets it', () => {
    // The build's main thread makes a page's head from the payload object; the worker renders the
    // page from the payload's JSON, parsed again (scripts/engine/render/pool.ts).
    expect(site.routes.size).toBeGreaterThan(10)
    for (const route of site.routes.keys()) {
      const { payload } = site.payloadFor(route)!
      const copy = JSON.parse(JSON.stringify({ payload, shell: site.shell })) as { payload: typeof payload; shell: typeof site.shell }
      const fromObject = documentHead({ payload, shell: site.shell, shellFile: SHELL_FILE })
      expect(documentHead({ ...copy, shellFile: SHELL_FILE }), route).toBe(fromObject)
    }
  })

  it('should be the document up to its React tree, which DOCUMENT_END closes', () => {
    const route = [...site.routes.keys()][0]!
    const pageContext = { Page: StoryView, payload: site.payloadFor(route)!.payload, shell: site.shell, shellFile: SHELL_FILE } as unknown as PageContext
    const document = renderDocument(pageContext)
    expect(document.startsWith(documentHead(pageContext))).toBe(true)
    expect(document.endsWith(DOCUMENT_END)).toBe(true)
    expect(documentHead(pageContext)).toMatch(/<div id="root" data-shell="[^"]+">$/)
  })
})

/**
 * The visual-editor preview (docs/behaviour.md, "Visual editor"), loaded only when the URL carries
 * `_storyblok`: the bridge is loaded, the draft swapped in, `input` events for this story re-render
 * it live, `change` and `published` events for it reload the page; events for other stories are
 * ignored. The draft is of the language being edited (`_storyblok_lang`, or the page's own).
 */
import type { RoutePayload, SiteShell } from '../../../pages/build-contract.ts'
import { show } from '../view.tsx'
import { loadBridge } from './bridge.ts'
import { draftPayload, editedLanguage, fetchDraft, fetchDraftViaProxy, NoPreviewProxy } from './draft.ts'
import { showNotice } from './notice.ts'

const NO_TOKEN =
  'Showing the published version: this site cannot read drafts (serve it with npm start and STORYBLOK_PREVIEW_TOKEN, or build with --preview). Your edits still appear here as you type.'

export async function startEditor(container: HTMLElement, published: RoutePayload, shell: SiteShell): Promise<void> {
  let current = published
  const render = (payload: RoutePayload) => {
    current = payload
    show(container, { payload, shell, editor: true })
  }
  render(published)

  const bridge = loadBridge()
  const language = editedLanguage(location.search, shell.site)
  if (__PREVIEW_CONFIG__) {
    try {
      render(await fetchDraft(__PREVIEW_CONFIG__, published, language))
    } catch (error) {
      showNotice(`Showing the published version: the draft could not be loaded (${(error as Error).message}).`)
    }
  } else {
    // A production build holds no token: drafts come through the server's preview proxy, if any.
    try {
      render(await fetchDraftViaProxy(published, location.search, language))
    } catch (error) {
      showNotice(error instanceof NoPreviewProxy ? NO_TOKEN : `Showing the published version: the draft could not be loaded (${(error as Error).message}).`)
    }
  }

  try {
    ;(await bridge).on(['input', 'change', 'published'], (event) => {
      if (event.action === 'input') {
        if (event.story?.uuid === current.story.uuid) render(draftPayload(published, event.story))
      } else if (String(event.storyId) === String(current.story.id)) {
        location.reload()
      }
    })
  } catch (error) {
    showNotice(`The visual editor bridge is not available: ${(error as Error).message}.`)
  }
}

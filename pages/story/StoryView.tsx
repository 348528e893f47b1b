/** One view for every CMS story: its breadcrumbs, and its root block rendered through the block registry. */
import { Block } from '../../blocks/Block.tsx'
import { BlockEnvironment } from '../../blocks/environment.tsx'
import { Breadcrumbs } from '../../renderer/Breadcrumbs.tsx'
import { usePageContext } from '../../renderer/PageContextProvider.tsx'
import { wordsOf } from '../words.ts'

export function StoryView() {
  const { payload, editor, shell } = usePageContext()
  if (!payload) return null
  return (
    <BlockEnvironment payload={payload} contact={shell?.site.contact} words={shell?.words} editor={editor} Block={Block}>
      <Breadcrumbs items={payload.breadcrumbs} label={wordsOf(shell).breadcrumb} />
      <Block blok={payload.story.content} />
    </BlockEnvironment>
  )
}

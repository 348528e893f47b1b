/** One view for every CMS story: its root block, rendered through the block registry. */
import { Block } from '../../blocks/Block.tsx'
import { BlockEnvironment } from '../../blocks/environment.tsx'
import { usePageContext } from '../../renderer/PageContextProvider.tsx'

export function StoryView() {
  const { payload, editor } = usePageContext()
  if (!payload) return null
  return (
    <BlockEnvironment payload={payload} editor={editor} Block={Block}>
      <Block blok={payload.story.content} />
    </BlockEnvironment>
  )
}

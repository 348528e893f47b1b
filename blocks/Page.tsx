import { Blocks } from './parts/Blocks.tsx'
import type { BlockProps } from './types.ts'
import { useEditable } from './parts/editable.ts'
import { bloks, text } from './parts/fields.ts'
import { useStoryName } from './parts/story.ts'

/** Content type `page`: a title (falling back to the story name) and any nestable blocks. */
export function Page({ blok }: BlockProps<'page'>) {
  const storyName = useStoryName()
  return (
    <article className="page" {...useEditable(blok)}>
      <h1 dir="auto">{text(blok.title) ?? storyName}</h1>
      <Blocks items={bloks(blok.body)} priorityFirst />
    </article>
  )
}

import type { Blok } from '../cms/content-model.ts'
import { Blocks } from './Block.tsx'
import { bloks, text } from './parts/fields.ts'
import { useStoryName } from './parts/story.ts'

/** Content type `page`: a title (falling back to the story name) and any nestable blocks. */
export function Page({ blok }: { blok: Blok }) {
  const storyName = useStoryName()
  return (
    <article className="page">
      <h1 dir="auto">{text(blok.title) ?? storyName}</h1>
      <Blocks items={bloks(blok.body)} />
    </article>
  )
}

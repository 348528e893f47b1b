import { multilinkHref } from '../cms/links.ts'
import type { StoryCard } from '../pages/build-contract.ts'
import { Blocks } from './parts/Blocks.tsx'
import type { BlockProps } from './types.ts'
import { useBlockEnv } from './environment.tsx'
import { CardList } from './parts/Card.tsx'
import { useEditable } from './parts/editable.ts'
import { bloks, text } from './parts/fields.ts'
import { Image } from './parts/Image.tsx'
import { useStoryName } from './parts/story.ts'

/** Related projects as the payload carries them (cards); unresolved uuids are skipped. */
function relatedCards(value: unknown): StoryCard[] {
  return Array.isArray(value) ? value.filter((item): item is StoryCard => typeof item?.route === 'string' && typeof item?.content === 'object') : []
}

/** Content type `project`: title, description, image, the live project link, body, related projects. */
export function Project({ blok }: BlockProps<'project'>) {
  const { links, words } = useBlockEnv()
  const storyName = useStoryName()
  const href = multilinkHref(blok.link ?? undefined, links)
  const external = href !== undefined && /^https?:/.test(href)
  const related = relatedCards(blok.related)
  return (
    <article className="project" {...useEditable(blok)}>
      <header className="prose">
        <h1 dir="auto">{text(blok.title) ?? storyName}</h1>
        {text(blok.description) ? <p className="lead">{text(blok.description)}</p> : null}
        {href ? (
          <p>
            <a className="project-link" href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {words.visitProject}
              {external ? <span className="visually-hidden">{` ${words.opensInNewTab}`}</span> : null}
            </a>
          </p>
        ) : null}
      </header>
      <Image asset={blok.image} priority className="lead-image" />
      <Blocks items={bloks(blok.body)} />
      {related.length ? (
        <section aria-labelledby={`related-${blok._uid}`} data-pagefind-ignore="">
          <h2 id={`related-${blok._uid}`}>{words.relatedProjects}</h2>
          <CardList cards={related} />
        </section>
      ) : null}
    </article>
  )
}

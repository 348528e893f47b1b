/**
 * Generates a deterministic space of N stories for the benchmark: about 10% pages, 60% articles in
 * nested folders, 30% projects with 2–4 related projects each; rich text with every node and mark,
 * story links, a few unknown blocks and hostile strings. `npm run cms -- --space FILE` serves it.
 *
 * Shaped like a large marketing site, which is what exposes page weight: most pages sit at the top
 * level (hundreds of them at 5,000 stories, all candidates for a derived navigation), and some
 * pages list every project (`all-projects` without a limit).
 */
import type { Space, StoredStory } from '../../cms/api/space.ts'
import type { Blok } from '../../cms/content-model.ts'
import { asset, blok, HOSTILE, richText, sentence, words } from './content.ts'
import { random, type Random } from './random.ts'

export const BENCH_TOKENS = { public: 'bench-public-token', preview: 'bench-preview-token' }

interface Plan {
  id: number
  uuid: string
  full_slug: string
  kind: 'page' | 'article' | 'project'
}

function uuid(rng: Random): string {
  return `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-a${rng.hex(3)}-${rng.hex(12)}`
}

function plan(count: number, rng: Random): Plan[] {
  const plans: Plan[] = []
  let pageCount = 0
  for (let i = 0; i < count; i++) {
    const id = 100_000 + i
    // Story 0 is the home, story 1 the `work` page listing every project.
    const roll = i <= 1 ? -1 : rng.next()
    const kind = roll < 0 || roll < 0.1 ? 'page' : roll < 0.7 ? 'article' : 'project'
    const full_slug =
      i === 0
        ? 'home'
        : i === 1
          ? 'work'
          : kind === 'page'
          ? // Four in five pages at the top level, the rest in folders.
            pageCount++ % 5 !== 4
            ? `page-${i}`
            : `pages/${rng.pick(['services', 'about', 'guides'])}/page-${i}`
          : kind === 'article'
            ? `blog/${2020 + (i % 6)}/${String((i % 12) + 1).padStart(2, '0')}/article-${i}`
            : `work/${rng.pick(['identity', 'product', 'objects', 'spaces'])}/project-${i}`
    plans.push({ id, uuid: uuid(rng), full_slug, kind })
  }
  return plans
}

function content(entry: Plan, plans: Plan[], projects: Plan[], rng: Random, index: number): Blok {
  const title = index % 997 === 5 ? HOSTILE[(index / 997) % HOSTILE.length | 0]! : sentence(rng, 3, 8).slice(0, -1)
  const linkTargets = Array.from({ length: 3 }, () => rng.pick(plans))
  const section = () =>
    blok(rng, 'article-block', { title: sentence(rng, 2, 5), text: richText(rng, linkTargets), image: rng.chance(0.5) ? asset(rng) : { id: null, filename: '' }, image_position: rng.pick(['left', 'right']) })
  const extras: Blok[] = index % 101 === 7 ? [blok(rng, 'legacy-slider', { slides: 3 })] : []
  switch (entry.kind) {
    case 'page':
      return blok(rng, 'page', {
        title,
        description: sentence(rng),
        body: [
          blok(rng, 'teaser', { headline: sentence(rng, 3, 7), text: sentence(rng), image: asset(rng, 1600, 900) }),
          blok(rng, 'grid', { columns: [1, 2, 3].map(() => blok(rng, 'feature', { name: words(rng, 2), text: sentence(rng), image: asset(rng, 400, 400) })) }),
          // The home shows the newest six projects and `work` all of them; of the other pages one in
          // ten lists projects, most with a limit of three or six and one in ten of those with none
          // (a few full project indexes, as a site with sections per discipline has; each is
          // paginated into dozens of routes).
          ...(index <= 1 || rng.chance(0.1) ? [blok(rng, 'all-projects', { title: 'Work', limit: index === 0 ? '6' : index === 1 ? '' : rng.chance(0.1) ? '' : rng.pick(['3', '6']) })] : []),
          section(),
          blok(rng, 'button', { label: 'Start a project', variant: rng.pick(['primary', 'secondary']) }),
          ...extras,
        ],
      })
    case 'article':
      return blok(rng, 'article', { title, teaser: sentence(rng), image: asset(rng, 1200, 675), body: [section(), section(), ...extras] })
    case 'project': {
      const related = new Set<string>()
      const want = rng.int(2, 4)
      while (related.size < Math.min(want, projects.length - 1)) {
        const other = rng.pick(projects)
        if (other.uuid !== entry.uuid) related.add(other.uuid)
      }
      const target = rng.pick(plans)
      return blok(rng, 'project', {
        title,
        description: sentence(rng),
        image: asset(rng),
        link: rng.chance(0.7)
          ? { id: '', url: 'https://example.org/', linktype: 'url', fieldtype: 'multilink', cached_url: 'https://example.org/', target: '_blank' }
          : { id: target.uuid, url: '', linktype: 'story', fieldtype: 'multilink', cached_url: target.full_slug },
        related: [...related],
        body: [section(), ...extras],
      })
    }
  }
}

/** The codes of the extra languages of a space with `languages` in all (the default one first). */
export const BENCH_LANGUAGE_CODES = ['de', 'fr', 'es', 'it', 'nl', 'pt', 'sv']

/** Field-level translations of a story's title, as the management API stores them. */
function translated(content: Blok, codes: string[]): Blok {
  if (typeof content.title !== 'string') return content
  return { ...content, ...Object.fromEntries(codes.map((code) => [`title__i18n__${code}`, `${content.title} [${code}]`])) }
}

export function generateSpace(count: number, seed: number, languages = 1): Space {
  const codes = BENCH_LANGUAGE_CODES.slice(0, Math.max(0, languages - 1))
  const rng = random(seed)
  const plans = plan(count, rng)
  const projects = plans.filter((entry) => entry.kind === 'project')
  const stories: StoredStory[] = plans.map((entry, index) => {
    const date = new Date(Date.UTC(2020, 0, 1) + index * 3_600_000 * 7).toISOString()
    return {
      id: entry.id,
      uuid: entry.uuid,
      name: `${entry.kind} ${index}`,
      slug: entry.full_slug.split('/').pop()!,
      full_slug: entry.full_slug,
      position: index,
      is_startpage: false,
      parent_id: null,
      created_at: date,
      published_at: date,
      first_published_at: date,
      content: translated(content(entry, plans, projects, rng, index), codes),
    }
  })
  const name = `Benchmark space (${count} stories${codes.length ? `, ${languages} languages` : ''}, seed ${seed})`
  return { id: 1000, name, domain: 'https://bench.example/', version: 1_700_000_000, tokens: BENCH_TOKENS, stories, ...(codes.length ? { language_codes: codes } : {}) }
}

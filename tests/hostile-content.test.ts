/**
 * Hostile and broken content, one edit of the demo space at a time, as an attacker or a careless
 * editor would make it: forged pre-rendered rich text, dangerous URL schemes, unusable story
 * shapes, unusual and bad slugs, and links to stories that are no longer published. Each build
 * runs against the embedded CMS serving the edited copy.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import type { StoredStory } from '../cms/api/space.ts'
import { runBuild, tempDir, workDir } from './helpers/build.ts'
import { hostileSpace } from './helpers/space.ts'

const hostile = hostileSpace()
const work = workDir('hostile')
let cms: CmsServer
let out: string

beforeEach(async () => {
  // Without the article about escaping, whose text shows hostile strings on purpose.
  const space = structuredClone(hostile)
  space.stories = space.stories.filter((candidate) => candidate.full_slug !== 'blog/2025/escaping-titles')
  cms = await startCmsServer({ space })
  out = join(tempDir('hostile'), 'dist')
})
afterEach(() => cms.close())
afterAll(() => rmSync(work, { recursive: true, force: true }))

const story = (slug: string): StoredStory => cms.space.stories.find((candidate) => candidate.full_slug === slug)!
const build = (args: string[] = []) =>
  runBuild(['--out', out, '--work-dir', work, ...args], { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: cms.space.tokens.public })

/** Every text file the build wrote, as path → contents. */
function written(): Map<string, string> {
  const files = new Map<string, string>()
  for (const name of readdirSync(out, { recursive: true, encoding: 'utf8' })) {
    const path = join(out, name)
    if (statSync(path).isFile() && /\.(html|json)$/.test(name)) files.set(relative(out, path), readFileSync(path, 'utf8'))
  }
  return files
}
const page = (route: string) => readFileSync(join(out, route, 'index.html'), 'utf8')
const payload = (route: string) => readFileSync(join(out, route, '_payload.json'), 'utf8')

/** The first block of `component` in a story's body. */
function blockOf(slug: string, component: string): Record<string, unknown> {
  const found = (story(slug).content.body as Record<string, unknown>[]).find((blok) => blok.component === component)
  if (!found) throw new Error(`${slug} has no ${component} block`)
  return found
}

describe('hostile strings', () => {
  it('should escape a <script> title, keep emoji and right-to-left titles, and warn of an unknown block and a javascript: link, naming them', async () => {
    cms.space.stories.push(structuredClone(hostile.stories.find((candidate) => candidate.full_slug === 'blog/2025/escaping-titles')!))
    const run = await build()
    expect(run.code, run.stderr).toBe(0)
    const html = page('blog/2025/escaping-titles')
    expect(html).toContain('<h1 dir="auto">&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt; &amp; other titles we must escape</h1>')
    expect(html).not.toMatch(/<script>alert|<img src=x onerror/)
    expect(page('blog/2024/arabic-and-hebrew')).toContain('كتابة من اليمين إلى اليسار — כתיבה מימין לשמאל')
    expect(page('blog/2024/emoji-field-trip')).toContain('🌊🏔️✨')
    expect(run.stdout).toMatch(/Block component "unknown-block-from-the-future" is not registered \(used in blog\/2024\/tidewater-long-read\)/)
    expect(run.stdout).toMatch(/Story "blog\/2025\/escaping-titles" \(id 40013\): rich text: unsafe URL "javascript:alert\(1\)" removed/)
  })
})

describe('forged pre-rendered rich text', () => {
  it('should never place HTML from the CMS, whatever field claims to be rendered rich text', async () => {
    const forged = { type: 'html', html: '<img src=x onerror=alert(1)><script>alert(2)</script>' }
    blockOf('about', 'article-block').text = forged
    blockOf('about', 'teaser').text = forged
    const run = await build()
    expect(run.code, run.stderr).toBe(0)
    for (const [file, text] of written()) {
      expect(text, file).not.toContain('onerror')
      expect(text, file).not.toContain('alert(2)')
    }
    expect(page('about')).toContain('Six people, one table.')
    expect(run.stdout).toMatch(/Story "about" \(id 40008\): .*pre-rendered HTML/)
  })
})

describe('URL policy', () => {
  it('should keep dangerous schemes out of every href, src, preload and payload, and name the stories', async () => {
    Object.assign(story('projects/atlas-type').content.link as object, { linktype: 'url', url: 'data:text/html,<script>alert(1)</script>', cached_url: 'data:text/html,x' })
    Object.assign(story('projects/harbour-lights').content.link as object, { linktype: 'url', url: ' \tVBScript:msgbox(1)', cached_url: '' })
    Object.assign(story('projects/kiln').content.link as object, { linktype: 'asset', url: 'jav&#x61;script:alert(1)', cached_url: '' })
    Object.assign(blockOf('about', 'teaser').image as object, { filename: 'JavaScript:alert(1)' })
    Object.assign(story('projects/field-notes').content.image as object, { filename: '\u0001data:text/html;base64,PHNjcmlwdD4=' })
    // Rich text: a link spelt with character references, and an image that may stay.
    const paragraph = ((blockOf('about', 'article-block').text as { content: { content: Record<string, unknown>[] }[] }).content[0]!).content
    paragraph.push({ type: 'text', text: 'evil', marks: [{ type: 'link', attrs: { href: 'javascript&colon;alert(3)', linktype: 'url' } }] })
    ;(blockOf('about', 'article-block').text as { content: unknown[] }).content.push({ type: 'image', attrs: { src: 'data:image/png;base64,iVBORw0KGgo=', alt: 'dot' } })
    const run = await build()
    expect(run.code, run.stderr).toBe(0)
    for (const [file, text] of written()) {
      expect(text, file).not.toMatch(/javascript[:&]|jav&#x61;|vbscript|msgbox|data:text|alert\([13]\)/i)
    }
    expect(page('about')).toContain('src="data:image/png;base64,iVBORw0KGgo="')
    expect(page('about')).toMatch(/<p>[^<]*<a [^>]*>notes on working in the open<\/a>.evil<\/p>/)
    expect(page('projects/atlas-type')).not.toContain('project-link')
    // Named in route order, though pages render in the crawl's order (by id here: harbour-lights
    // first); the German pass follows the default language's.
    const named = [...run.stdout.matchAll(/Story "([^"]+)" \(id \d+\): [^\n]*unsafe URL/g)].map((match) => match[1])
    expect([...new Set(named)]).toEqual(['about', 'projects/atlas-type', 'projects/field-notes', 'projects/harbour-lights', 'projects/kiln', 'de/projects/hafenlichter', 'de/ueber-uns'])
  })
})

describe('broken story shapes', () => {
  it('should render a story whose content is null as an empty page, with a warning naming it', async () => {
    story('about').content = null as never
    const run = await build()
    expect(run.code, run.stderr).toBe(0)
    expect(page('about')).toContain('<h1 dir="auto">About</h1>')
    expect(run.stdout).toContain('Story "about" (id 40008): it has no content')
  })

  it('should render a root block without component as a page, with a warning naming it', async () => {
    delete (story('about').content as Partial<StoredStory['content']>).component
    const run = await build()
    expect(run.code, run.stderr).toBe(0)
    expect(page('about')).toContain('Six people, one table.')
    expect(run.stdout).toContain('Story "about" (id 40008): its content has no component')
  })

  it('should read a numeric first_published_at as no date and a numeric full_slug as text, with warnings', async () => {
    story('blog/2025/six-pixel-type').first_published_at = 1735689600000 as never
    story('about').full_slug = 2024 as never
    const run = await build()
    expect(run.code, run.stderr).toBe(0)
    expect(page('blog/2025/six-pixel-type')).not.toContain('<time')
    expect(existsSync(join(out, '2024', 'index.html'))).toBe(true)
    expect(run.stdout).toContain('Story "blog/2025/six-pixel-type" (id 40012): first_published_at is not a date')
    expect(run.stdout).toContain('Story "2024" (id 40008): full_slug is a number')
  })

  it('should fail with the story named when a story has no uuid, and leave no output', async () => {
    story('about').uuid = null as never
    const run = await build()
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('Story "about" (id 40008): uuid is missing')
    expect(run.stderr).not.toMatch(/TypeError|    at /)
    expect(existsSync(out)).toBe(false)
  })
})

describe('slugs', () => {
  it('should build routes with umlauts, CJK and emoji into UTF-8 folders that links and payloads agree on', async () => {
    Object.assign(story('about'), { slug: 'über-uns', full_slug: 'über-uns' })
    Object.assign(story('blog/2025/six-pixel-type'), { slug: '六ピクセル', full_slug: 'blog/2025/六ピクセル' })
    Object.assign(story('projects/atlas-type'), { slug: '🚀-atlas', full_slug: 'projects/🚀-atlas' })
    const run = await build()
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(payload('über-uns')).route).toBe('/über-uns/')
    expect(JSON.parse(payload('blog/2025/六ピクセル')).route).toBe('/blog/2025/六ピクセル/')
    expect(existsSync(join(out, 'projects', '🚀-atlas', 'index.html'))).toBe(true)
    // The story link in six-pixel-type's rich text follows the moved project.
    expect(page('blog/2025/六ピクセル')).toContain('href="/projects/🚀-atlas/"')
    expect(page('')).toContain('href="/über-uns/"')
  })

  it('should leave out each story with a bad slug, naming it and the reason, and warn of routes that differ only by case', async () => {
    const bad: Record<string, [string, RegExp]> = {
      'projects/kiln': [`projects/${'k'.repeat(300)}`, /longer than 255 bytes/],
      'projects/quiet-hours': ['projects/%2e%2e/x', /percent sign/],
      'projects/field-notes': ['projects//field-notes', /empty path segment/],
      'projects/harbour-lights': ['projects\\harbour', /backslash/],
      'blog/2025/six-pixel-type': ['blog/2025/six\u0000pixel', /control character/],
    }
    const ids = new Map(Object.keys(bad).map((slug) => [slug, story(slug).id]))
    for (const [slug, [fullSlug]] of Object.entries(bad)) story(slug).full_slug = fullSlug
    Object.assign(story('contact'), { full_slug: 'About' })
    const run = await build()
    expect(run.code, run.stderr).toBe(0)
    for (const [slug, [, reason]] of Object.entries(bad)) {
      const id = ids.get(slug)
      expect(run.stdout).toMatch(new RegExp(`Story ".*" \\(id ${id}\\): .*${reason.source}.*left out of the site`))
    }
    expect(existsSync(join(out, 'projects', 'kiln'))).toBe(false)
    expect(run.stdout).toMatch(/Routes \/About\/ and \/about\/ differ only by case/)
  })
})

describe('links to stories that are not published', () => {
  it('should render them as text, list them, and re-render the pages linking to them incrementally', async () => {
    const first = await build()
    expect(first.code, first.stderr).toBe(0)
    expect(page('blog/2025/six-pixel-type')).toMatch(/<a href="\/projects\/atlas-type\/">Atlas Type<\/a>/)
    story('projects/atlas-type').published = false
    cms.space.version++
    const run = await build(['--changed', String(story('projects/atlas-type').id)])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Build: incremental')
    expect(page('blog/2025/six-pixel-type')).not.toContain('atlas-type')
    expect(page('blog/2025/six-pixel-type')).toContain('Atlas Type')
    expect(run.stdout).toMatch(/Story "blog\/2025\/six-pixel-type" \(id 40012\): .*link to story cf94a28e-acdb-4600-8bc0-08fd2145cede, which is not published/)
  })
})

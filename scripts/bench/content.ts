/**
 * Content of generated stories, shaped like docs/content-model.md: blocks, assets, links and
 * rich text that uses every node and mark of docs/behaviour.md, "Rich text".
 */
import type { Blok, RichTextNode } from '../../cms/content-model.ts'
import type { Random } from './random.ts'

const WORDS =
  'design build studio craft light type map archive harbour field kiln quiet calm useful system grid detail material paper signal motion colour rhythm scale texture'.split(
    ' ',
  )
export const HOSTILE = [
  '<script>alert("x")</script> in a title',
  'مرحبا بالعالم — שלום עולם',
  'Emoji 🌊🏔️✨ and more',
  `A very long title ${'that keeps going '.repeat(12)}`,
  '"><img src=x onerror=alert(1)>',
]

export function words(rng: Random, count: number): string {
  return Array.from({ length: count }, () => rng.pick(WORDS)).join(' ')
}

export function sentence(rng: Random, min = 6, max = 16): string {
  const text = words(rng, rng.int(min, max))
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`
}

export function asset(rng: Random, width = 1200, height = 800) {
  return {
    id: rng.int(1, 1e6),
    alt: words(rng, 4),
    name: '',
    focus: '',
    title: '',
    filename: `https://a.storyblok.com/f/1000/${width}x${height}/${rng.hex(10)}/${rng.pick(WORDS)}.jpg`,
    copyright: '',
    fieldtype: 'asset',
  }
}

const text = (value: string, ...marks: object[]): RichTextNode => ({ type: 'text', text: value, ...(marks.length ? { marks: marks as never } : {}) })
const p = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content })

/** A document with every node and mark; story links point at `linkTo` (uuid, full_slug). */
export function richText(rng: Random, linkTo: { uuid: string; full_slug: string }[]): RichTextNode & { type: 'doc' } {
  const link = rng.pick(linkTo)
  const storyLink = { type: 'link', attrs: { href: `/${link.full_slug}`, uuid: link.uuid, anchor: null, target: '_self', linktype: 'story' } }
  const urlLink = { type: 'link', attrs: { href: 'https://example.com/', uuid: null, anchor: null, target: '_blank', linktype: 'url' } }
  const item = (value: string): RichTextNode => ({ type: 'list_item', content: [p(text(value))] })
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: rng.int(2, 4) }, content: [text(sentence(rng, 3, 6))] },
      p(
        text(sentence(rng)),
        text(' bold', { type: 'bold' }),
        text(' italic', { type: 'italic' }),
        text(' underline', { type: 'underline' }),
        text(' strike', { type: 'strike' }),
        text(' code', { type: 'code' }),
        text(' highlight', { type: 'highlight', attrs: { color: '#fff59d' } }),
        text(' colour', { type: 'textStyle', attrs: { color: '#5f5129' } }),
        text(' H'),
        text('2', { type: 'subscript' }),
        text('O x'),
        text('2', { type: 'superscript' }),
        text(' styled', { type: 'styled', attrs: { class: 'lead' } }),
        text(' anchor', { type: 'anchor', attrs: { id: `a-${rng.hex(6)}` } }),
        text(' see '),
        text(words(rng, 3), storyLink),
        text(' or '),
        text('the web', urlLink),
        text('.'),
      ),
      { type: 'bullet_list', content: [item(sentence(rng)), item(sentence(rng))] },
      { type: 'ordered_list', attrs: { order: rng.int(1, 3) }, content: [item(sentence(rng)), item(sentence(rng))] },
      { type: 'blockquote', content: [p(text(sentence(rng)))] },
      { type: 'code_block', attrs: { class: 'language-ts' }, content: [text(`const ${rng.pick(WORDS)} = '<${rng.pick(WORDS)}>'`)] },
      { type: 'image', attrs: { src: asset(rng, 800, 600).filename, alt: words(rng, 3), title: '' } },
      p(text('Made with '), { type: 'emoji', attrs: { name: 'sparkles', emoji: '✨', fallbackImage: '' } }, { type: 'hard_break' }, text(sentence(rng))),
      { type: 'horizontal_rule' },
    ],
  }
}

export function blok(rng: Random, component: string, fields: Record<string, unknown>): Blok {
  return { _uid: `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-8${rng.hex(3)}-${rng.hex(12)}`, component, ...fields }
}

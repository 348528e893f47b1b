import { describe, expect, it } from 'vitest'
import type { Blok } from '../cms/content-model.ts'
import { assetIds, compactForBuild, eachBlok, relationUuids, storyLinkUuids } from '../cms/content-walk.ts'
import { addEditableMarkers } from '../cms/api/editable.ts'

const linkMark = (uuid: string) => ({ type: 'link', attrs: { linktype: 'story', uuid, href: '' } })

/** A page with a grid of teasers and an article-like rich-text field holding a block and a link. */
function content(): Blok {
  return {
    _uid: 'page',
    component: 'page',
    body: [
      { _uid: 'grid', component: 'grid', columns: [{ _uid: 'teaser', component: 'teaser', headline: 'Hi' }] },
      {
        _uid: 'text',
        component: 'article-block',
        text: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'See ', marks: [linkMark('story-a')] }] },
            { type: 'blok', attrs: { body: [{ _uid: 'cta', component: 'button', label: 'Go' }] } },
          ],
        },
      },
      { _uid: 'project', component: 'project', related: ['story-b', 'story-c'] },
    ],
  }
}

const uids = (value: unknown) => {
  const found: string[] = []
  eachBlok(value, (blok) => found.push(blok._uid))
  return found
}

describe('eachBlok', () => {
  it('should visit blocks in fields, nested fields and rich-text blok nodes, in document order', () => {
    expect(uids(content())).toEqual(['page', 'grid', 'teaser', 'text', 'cta', 'project'])
  })

  it('should not look inside rich-text text nodes, which hold no block the renderer shows', () => {
    const hidden = { type: 'doc', content: [{ type: 'text', text: 'x', marks: [{ type: 'styled', attrs: { _uid: 'odd', component: 'teaser' } }] }] }
    expect(uids(hidden)).toEqual([])
  })

  it('should still visit a block whose fields happen to say type "text"', () => {
    expect(uids([{ _uid: 'field', component: 'form-field', type: 'text', text: 'Name' }])).toEqual(['field'])
  })

  it('should ignore values that are not objects', () => {
    expect(uids(null)).toEqual([])
    expect(uids('page')).toEqual([])
    expect(uids([1, 'two', undefined])).toEqual([])
  })
})

describe('storyLinkUuids', () => {
  it('should find links in the marks of text nodes and in multilink fields', () => {
    const withField = { ...content(), cta: { linktype: 'story', id: 'story-d' } }
    expect(storyLinkUuids(withField)).toEqual(['story-a', 'story-d'])
  })
})

describe('relationUuids', () => {
  it('should read the uuids of the relation fields named', () => {
    expect(relationUuids(content(), ['project.related'])).toEqual(['story-b', 'story-c'])
  })
})

describe('compactForBuild and addEditableMarkers', () => {
  it('should mark every block, those in rich text included, and compaction should remove every marker', () => {
    const value = content()
    addEditableMarkers(value, 1, 2)
    const marked: string[] = []
    eachBlok(value, (blok) => typeof blok._editable === 'string' && marked.push(blok._uid))
    expect(marked).toEqual(['page', 'grid', 'teaser', 'text', 'cta', 'project'])
    compactForBuild(value, ['project.related'])
    expect(JSON.stringify(value)).not.toContain('_editable')
  })

  it('should turn resolved relations back into their uuids', () => {
    const value = content()
    ;(value.body as Blok[])[2]!.related = [{ uuid: 'story-b', name: 'B' }, 'story-c']
    compactForBuild(value, ['project.related'])
    expect((value.body as Blok[])[2]!.related).toEqual(['story-b', 'story-c'])
  })

  it('should find the assets a story shows: asset fields, multi-asset lists and rich-text images, each once', () => {
    const value = {
      _uid: 'p',
      component: 'project',
      image: { id: 7, filename: 'https://a.storyblok.com/f/1/800x600/a/x.jpg', fieldtype: 'asset' },
      gallery: [{ id: 8, filename: 'https://a.storyblok.com/f/1/800x600/b/y.jpg' }, { id: 7, filename: 'https://a.storyblok.com/f/1/800x600/a/x.jpg' }],
      empty: { id: null, filename: '' },
      text: { type: 'doc', content: [{ type: 'image', attrs: { id: 9, src: 'https://a.storyblok.com/f/1/10x10/c/z.png' } }, { type: 'paragraph', content: [{ type: 'text', text: 'id 10' }] }] },
    }
    expect(assetIds(value).sort()).toEqual([7, 8, 9])
  })
})

/** The site's shell: from the site settings story when there is one, else a capped derived navigation. */
import { describe, expect, it } from 'vitest'
import { NAV_LIMIT } from '../pages/navigation.ts'
import { siteShell } from '../pages/site-shell.ts'
import { summarize } from '../pages/stories.ts'
import { storyOf } from './helpers/space.ts'

const pages = Array.from({ length: 400 }, (_, i) => storyOf(i + 1, i === 0 ? 'home' : `page-${i}`, { component: 'page' }))
const link = (label: string, linkField: object) => ({ _uid: label, component: 'nav-link', label, link: { fieldtype: 'multilink', ...linkField } })
const settings = (content: object) => storyOf(900, 'config', { component: 'site-config', ...content })

describe('siteShell', () => {
  it('should derive a navigation capped at NAV_LIMIT items when there is no settings story', () => {
    const { shell, warnings } = siteShell(pages.map(summarize), { name: 'Site' })
    expect(shell.nav).toHaveLength(NAV_LIMIT)
    expect(shell.nav[0]).toEqual({ label: 'Story 1', route: '/' })
    expect(shell.footer).toEqual([])
    expect(warnings).toEqual([])
  })

  it('should take the navigation and footer from the settings story, in its order, with current routes', () => {
    const config = settings({
      navigation: [link('Two', { linktype: 'story', id: 'uuid-3', cached_url: 'stale' }), link('One', { linktype: 'story', id: 'uuid-2' })],
      footer_navigation: [link('Elsewhere', { linktype: 'url', url: 'https://example.org/' }), link('Mail', { linktype: 'email', email: 'hi@example.org' })],
    })
    const { shell } = siteShell([...pages, config].map(summarize), { name: 'Site' })
    expect(shell.nav).toEqual([{ label: 'Two', route: '/page-2/' }, { label: 'One', route: '/page-1/' }])
    expect(shell.footer).toEqual([{ label: 'Elsewhere', route: 'https://example.org/' }, { label: 'Mail', route: 'mailto:hi@example.org' }])
  })

  it('should leave out links to unpublished stories, unsafe URLs and links without a label, naming the settings story', () => {
    const config = settings({
      navigation: [link('Gone', { linktype: 'story', id: 'uuid-404' }), link('Evil', { linktype: 'url', url: 'javascript:alert(1)' }), link('', { linktype: 'story', id: 'uuid-2' })],
    })
    const { shell, warnings } = siteShell([...pages, config].map(summarize), { name: 'Site' })
    expect(shell.nav).toEqual([])
    expect(warnings).toEqual([
      'Story "config" (id 900): the navigation link "Gone" leads nowhere (an unpublished story, or an empty or unsafe URL); it is left out.',
      'Story "config" (id 900): the navigation link "Evil" leads nowhere (an unpublished story, or an empty or unsafe URL); it is left out.',
      'Story "config" (id 900): the navigation link "(no label)" has no label; it is left out.',
    ])
  })

  it('should let the settings story name the site and set the default description and contact address, the environment winning', () => {
    const config = settings({ site_name: 'Studio', description: 'What we do.', contact_email: 'hello@studio.example' })
    expect(siteShell([config].map(summarize), { name: 'Space' }).shell.site).toEqual({ name: 'Studio', description: 'What we do.', contact: { email: 'hello@studio.example' } })
    expect(siteShell([config].map(summarize), { name: 'Space', contact: { email: 'ops@example.org' } }).shell.site.contact).toEqual({ email: 'ops@example.org' })
  })

  it('should use the first of several settings stories and say so', () => {
    const other = storyOf(901, 'settings', { component: 'site-config', site_name: 'Other' })
    const { shell, warnings } = siteShell([settings({ site_name: 'First' }), other].map(summarize), { name: 'Space' })
    expect(shell.site.name).toBe('First')
    expect(warnings).toEqual(['2 site settings stories (config, settings): only "config" is used.'])
  })
})

/**
 * The content model: every component of the site, defined once (docs/content-model.md). From this
 * definition come the blocks' prop types (blocks/types.ts), the checks every story passes as it
 * arrives (cms/model/check-blocks.ts), `cms/components.json` and `cms/groups.json` for Storyblok
 * (`npm run schema`) and the README's content-model table. README, "Adding a block type".
 */
import { blocks, image, multilink, number, option, richtext, seo, stories, text, textarea, type Field } from './fields.ts'

export interface ComponentDefinition {
  /** The name editors see. */
  display_name: string
  /**
   * `page`: a content type with a route of its own (listed in CONTENT_TYPES, cms/content-model.ts);
   * `data`: a content type without one (site settings); `nestable`: a block inside other blocks.
   */
  kind: 'page' | 'data' | 'nestable'
  /** The folder of Storyblok's block library it is filed in. */
  group: ComponentGroup
  /** What it is, for the README's table and Storyblok's block library. */
  description: string
  fields: Record<string, Field>
}

/** The block library's folders, in the order the README lists them. */
export const COMPONENT_GROUPS = ['Pages', 'Sections', 'Lists', 'Settings'] as const
export type ComponentGroup = (typeof COMPONENT_GROUPS)[number]

const seoField = () => seo({ description: "Storyblok's SEO app: search and share titles, descriptions and images; empty fields fall back to the story's own" })

/** The blocks an article's body offers: sections of text and pictures, no lists of other stories. */
const ARTICLE_SECTIONS = ['article-block', 'teaser', 'grid', 'feature', 'button'] as const

export const COMPONENTS = {
  page: {
    display_name: 'Page',
    kind: 'page',
    group: 'Pages',
    description: 'A page made of any nestable blocks.',
    fields: {
      title: text({ description: 'Page title; falls back to the story name' }),
      description: textarea({ description: 'Meta description' }),
      body: blocks(),
      seo: seoField(),
    },
  },
  article: {
    display_name: 'Article',
    kind: 'page',
    group: 'Pages',
    description: 'A journal article, listed by `all-articles`.',
    fields: {
      title: text(),
      teaser: textarea({ description: 'Summary for cards and the meta description' }),
      image: image(),
      body: blocks({ only: ARTICLE_SECTIONS }),
      seo: seoField(),
    },
  },
  project: {
    display_name: 'Project',
    kind: 'page',
    group: 'Pages',
    description: 'A portfolio project, listed by `all-projects`, with related projects.',
    fields: {
      title: text(),
      description: textarea(),
      image: image(),
      link: multilink({ description: 'The live project', newTab: true, email: true, asset: true }),
      related: stories('project', { description: 'Related projects, resolved with resolve_relations=project.related' }),
      body: blocks(),
      seo: seoField(),
    },
  },
  teaser: {
    display_name: 'Teaser',
    kind: 'nestable',
    group: 'Sections',
    description: "A headline with text and an image; a page's first teaser is its hero.",
    fields: {
      headline: text({ required: true }),
      text: textarea(),
      image: image(),
    },
  },
  grid: {
    display_name: 'Grid',
    kind: 'nestable',
    group: 'Sections',
    description: 'Its columns side by side, wrapping on narrow screens.',
    fields: {
      columns: blocks(),
    },
  },
  feature: {
    display_name: 'Feature',
    kind: 'nestable',
    group: 'Sections',
    description: 'A named feature with text and an image, usually in a grid.',
    fields: {
      name: text({ required: true }),
      text: textarea(),
      image: image(),
    },
  },
  button: {
    display_name: 'Button',
    kind: 'nestable',
    group: 'Sections',
    description: 'A call-to-action link; without a link it opens the contact dialog.',
    fields: {
      label: text({ required: true }),
      variant: option(
        [
          { name: 'Primary', value: 'primary' },
          { name: 'Secondary', value: 'secondary' },
        ],
        { description: 'Without a link, activating the button opens the contact modal' },
      ),
      link: multilink({ description: 'Optional: makes the button a link (a story, a URL or an email address) instead of opening the contact modal', newTab: true, email: true, asset: true }),
    },
  },
  'article-block': {
    display_name: 'Article block',
    kind: 'nestable',
    group: 'Sections',
    description: 'A titled section of rich text with an image on the left or right.',
    fields: {
      title: text(),
      text: richtext(),
      image: image(),
      image_position: option([
        { name: 'Right', value: 'right' },
        { name: 'Left', value: 'left' },
      ]),
    },
  },
  'all-projects': {
    display_name: 'All projects',
    kind: 'nestable',
    group: 'Lists',
    description: 'Every published project as a card, newest first, 24 a page.',
    fields: {
      title: text(),
      limit: number({ description: 'Empty shows every published project, newest first' }),
    },
  },
  'all-articles': {
    display_name: 'All articles',
    kind: 'nestable',
    group: 'Lists',
    description: 'The journal: every published article, newest first, 24 a page.',
    fields: {
      title: text(),
      limit: number({ description: 'Empty shows every published article, newest first, 24 a page' }),
    },
  },
  'site-config': {
    display_name: 'Site settings',
    kind: 'data',
    group: 'Settings',
    description: 'What every page shares: name, navigation, contact address (docs/content-model.md, "Site settings").',
    fields: {
      site_name: text({ description: "The site's name in the header, titles and footer; empty: the space's name" }),
      description: textarea({ description: 'Default meta description for pages without one' }),
      navigation: blocks({ only: ['nav-link'], description: 'Header navigation, in order' }),
      footer_navigation: blocks({ only: ['nav-link'], description: 'Footer links, in order' }),
      contact_email: text({ description: "Recipient of the contact form's email fallback (CONTACT_EMAIL wins when set)", translatable: false }),
      share_image: image({ description: 'Share-card image of pages without a large image of their own (JPEG or PNG, 1200×630)' }),
    },
  },
  'nav-link': {
    display_name: 'Navigation link',
    kind: 'nestable',
    group: 'Settings',
    description: 'A link of the header or footer navigation.',
    fields: {
      label: text({ required: true }),
      link: multilink({ description: 'A story of this space, or an external URL' }),
    },
  },
} as const satisfies Record<string, ComponentDefinition>

export type ComponentName = keyof typeof COMPONENTS

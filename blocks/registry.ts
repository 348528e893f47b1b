/**
 * Technical block name → React component. Lookups accept kebab-case, PascalCase and snake_case
 * (`all-projects`, `AllProjects`, `all_projects`).
 */
import type { ComponentType } from 'react'
import { blockName } from '../cms/content-model.ts'
import type { BlockName } from '../cms/model/index.ts'
import type { BlockProps } from './types.ts'
import { AllArticles } from './AllArticles.tsx'
import { AllProjects } from './AllProjects.tsx'
import { Article } from './Article.tsx'
import { ArticleBlock } from './ArticleBlock.tsx'
import { Button } from './Button.tsx'
import { Feature } from './Feature.tsx'
import { Grid } from './Grid.tsx'
import { Page } from './Page.tsx'
import { Project } from './Project.tsx'
import { Teaser } from './Teaser.tsx'

export type BlockComponent = ComponentType<BlockProps>

/** Each block type's component, typed by its fields in the content model. */
export const registry: { [Name in BlockName]: ComponentType<BlockProps<Name>> } = {
  'all-articles': AllArticles,
  'all-projects': AllProjects,
  article: Article,
  'article-block': ArticleBlock,
  button: Button,
  feature: Feature,
  grid: Grid,
  page: Page,
  project: Project,
  teaser: Teaser,
}

/**
 * The component for a block of this name. Its block's fields passed the content model's checks as
 * the story arrived (cms/model/check-blocks.ts), so any block may be handed to its own component.
 */
export function resolveBlock(component: string): BlockComponent | undefined {
  const name = blockName(component)
  return Object.hasOwn(registry, name) ? (registry[name as BlockName] as BlockComponent) : undefined
}

/**
 * Technical block name → React component. Lookups accept kebab-case, PascalCase and snake_case
 * (`all-projects`, `AllProjects`, `all_projects`).
 */
import type { ComponentType } from 'react'
import { blockName, type BlockName } from '../cms/content-model.ts'
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

export const registry: Record<BlockName, BlockComponent> = {
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

export function resolveBlock(component: string): BlockComponent | undefined {
  return Object.hasOwn(registry, blockName(component)) ? registry[blockName(component) as BlockName] : undefined
}

/**
 * Stage 1, content: what the CMS holds, as the build's story store.
 *
 * In: a CMS client, the build cache's previous state (for a webhook's refetch) and the space's
 * languages. Out: `Content` (the story store on disk, with summaries in memory, and which stories
 * changed), one store per other language, and the redirect table.
 */
export { acquireContent, type Content } from './content.ts'
export type { SpilledStories } from './story-store.ts'
export { folderLanguageSites, folderState, splitFolders } from './folder-languages.ts'
export { languageSites } from './languages.ts'
export { siteRedirects } from './redirects.ts'
export { siteFrom } from './site-from.ts'
export { StoryStores } from './story-stores.ts'

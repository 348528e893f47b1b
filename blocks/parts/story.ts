import { usePageContext } from '../../renderer/PageContextProvider.tsx'

/** The story's name, the fallback title of a content type without one. */
export function useStoryName(): string {
  return usePageContext().payload?.story.name ?? ''
}

/** The story's first publication date as `YYYY-MM-DD`, if any. */
export function usePublishedDate(): string | undefined {
  return usePageContext().payload?.story.first_published_at?.slice(0, 10) || undefined
}

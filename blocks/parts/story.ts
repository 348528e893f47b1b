/** The story's own facts blocks show, from the block environment. */
import { useBlockEnv } from '../environment.tsx'

/** The story's name, the fallback title of a content type without one. */
export function useStoryName(): string {
  return useBlockEnv().storyName
}

/** The story's first publication date as `YYYY-MM-DD`, if any. */
export function usePublishedDate(): string | undefined {
  return useBlockEnv().published
}

import { CardList } from './parts/Card.tsx'
import { StoryList } from './parts/StoryList.tsx'
import { useBlockEnv } from './environment.tsx'
import type { BlockProps } from './types.ts'

/** `all-projects`: published projects as cards, newest first, up to `limit` (empty = all), long lists paginated. */
export function AllProjects({ blok }: BlockProps<'all-projects'>) {
  const { words } = useBlockEnv()
  return (
    <StoryList blok={blok} type="project" labels={{ name: words.projects, newer: words.newerProjects, older: words.olderProjects, more: words.moreProjects }}>
      {(cards, heading) => <CardList cards={cards} heading={heading} />}
    </StoryList>
  )
}

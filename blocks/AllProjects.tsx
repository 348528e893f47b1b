import { CardList } from './parts/Card.tsx'
import { StoryList } from './parts/StoryList.tsx'
import type { BlockProps } from './types.ts'

const LABELS = { name: 'Projects', newer: 'Newer projects', older: 'Older projects' }

/** `all-projects`: published projects as cards, newest first, up to `limit` (empty = all), long lists paginated. */
export function AllProjects({ blok }: BlockProps) {
  return (
    <StoryList blok={blok} type="project" labels={LABELS}>
      {(cards, heading) => <CardList cards={cards} heading={heading} />}
    </StoryList>
  )
}

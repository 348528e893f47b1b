/**
 * The story files a build opened, and what becomes of them: closed when the build ends, and on a
 * failure deleted if this build made them (a file the build cache names is kept for the next build).
 * A folder-level split is made anew by every build from the crawl's file, so it is always deleted.
 */
import type { CacheState } from '../cache/cache.ts'
import type { Content } from './content.ts'
import { release } from './languages.ts'
import type { SpilledStories } from './story-store.ts'

export class StoryStores {
  #open: SpilledStories[] = []
  #split: SpilledStories[] = []
  #onFailure: (() => void)[] = []

  /** The default language's store, from the crawl or reopened from the cache. */
  adopt(content: Content, previous: CacheState | undefined): void {
    this.#open.push(content.stories)
    if (content.stories.path !== previous?.stories.file) this.#onFailure.push(() => content.stories.dispose())
  }

  /** The other languages' stores of a field-level space. */
  translations(stores: SpilledStories[], previous: CacheState | undefined): void {
    this.#open.push(...stores)
    for (const stories of stores) this.#onFailure.push(() => release(stories, previous))
  }

  /** A folder-level space's stores, split from the crawl's. */
  split(stores: SpilledStories[]): void {
    this.#split.push(...stores)
  }

  /** After a failure: deletes the stores this build made. */
  discard(): void {
    for (const step of this.#onFailure.splice(0)) step()
  }

  close(): void {
    for (const stories of this.#open) stories.close()
    for (const stories of this.#split.splice(0)) stories.dispose()
  }
}

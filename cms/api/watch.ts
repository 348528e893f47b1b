/**
 * A stored space kept in step with its files while it is served (`npm run dev` on the demo): a
 * saved story file is read again and the space's `cv` moves on, as publishing in Storyblok moves it,
 * so the dev server crawls anew on its next request.
 */
import { watch, type FSWatcher } from 'node:fs'
import { loadSpace, type Space } from './space.ts'

/** How long a burst of file events (an editor's save writes more than once) is let settle. */
const SETTLE_MS = 50

/**
 * Watches the folder `dir` the served `space` was loaded from and replaces the space's content in
 * place on every change (the server holds that object). A file that cannot be read (saved half
 * way, or broken JSON) keeps the last good content, and `log` says why.
 */
export function watchSpace(dir: string, space: Space, { onChange, log }: { onChange(): void; log(line: string): void }): FSWatcher {
  let timer: NodeJS.Timeout | undefined
  const reload = () => {
    timer = undefined
    try {
      const fresh = loadSpace(dir)
      Object.assign(space, fresh, { version: Math.max(space.version + 1, Math.floor(Date.now() / 1000)) })
      onChange()
    } catch (error) {
      log(`The space in ${dir} was not reloaded: ${(error as Error).message}`)
    }
  }
  return watch(dir, { recursive: true }, () => {
    clearTimeout(timer)
    timer = setTimeout(reload, SETTLE_MS)
  })
}

/**
 * What a build that ended well tells the process that started it (`npm start`'s build runner,
 * over Node's IPC channel): the build it made live, or that no page changed and which build stays.
 * Nothing is sent when no process listens (`npm run build` in a shell).
 */
export type FinishedBuild =
  | { live: string; mode: string; rendered: number; requests: number; warnings: number }
  | { unchanged: string; mode: string; requests: number }

/**
 * Sent the moment the build's link is switched, before the build records its cache and says what
 * it did (FinishedBuild): a deploy of the new build can start on it.
 */
export interface WentLive {
  wentLive: string
}

export function tellLive(id: string): void {
  process.send?.({ wentLive: id } satisfies WentLive)
}

/** Sends `finished`, resolving once it is on its way (the build ends soon after: compressing is all that may follow). */
export function tellFinished(finished: FinishedBuild): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(finished, undefined, undefined, () => resolve()) : resolve()))
}

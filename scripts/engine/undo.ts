/**
 * What a build has started and must let go of: one list, undone in reverse order whether the build
 * failed or was stopped (SIGTERM), so that both paths leave the same state: the live build
 * untouched, no stage folder, no bundle process, the cache unlocked.
 */
export class Undo {
  #steps: (() => unknown)[] = []

  /** Adds a step, run before those added earlier. */
  add(step: () => unknown): void {
    this.#steps.push(step)
  }

  /** Runs every step once, last added first; a step that fails does not keep the others from running. */
  async run(): Promise<void> {
    const steps = this.#steps.reverse()
    this.#steps = []
    for (const step of steps) {
      try {
        await step()
      } catch {
        // Undoing goes on: the error that matters is the build's own.
      }
    }
  }
}

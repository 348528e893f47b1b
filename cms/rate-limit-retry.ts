/**
 * docs/behaviour.md, "Error texts": a CMS 429 is retried after a delay growing by one second per
 * attempt, at most 5 retries, logging `Hit rate limit. Retrying in N seconds.`
 *
 * A `fetch` wrapper, so that the client (cms/client.ts) has one retry loop, this one.
 */

export const MAX_RETRIES = 5
export const RETRY_DELAY_STEP_MS = 1000

export interface RetryOptions {
  maxRetries?: number
  /** Delay added per attempt; the spec's 1 s unless a test or benchmark says otherwise. */
  delayStepMs?: number
  log?: (message: string) => void
  fetch?: typeof fetch
  /** How to wait between attempts (a test records the delays instead of sleeping through them). */
  wait?: (ms: number, signal?: AbortSignal | null) => Promise<void>
}

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

/** Returns a `fetch` that retries 429 answers by the spec; the last 429 is returned as is. */
export function withRateLimitRetry(options: RetryOptions = {}): typeof fetch {
  const {
    maxRetries = MAX_RETRIES,
    delayStepMs = RETRY_DELAY_STEP_MS,
    log = (message) => console.log(message),
    fetch: baseFetch = globalThis.fetch,
    wait = sleep,
  } = options

  return async function rateLimitRetryFetch(input, init) {
    for (let attempt = 1; ; attempt++) {
      const response = await baseFetch(input, init)
      if (response.status !== 429 || attempt > maxRetries) return response
      // Free the connection before waiting; the body of a 429 carries nothing we use.
      await response.body?.cancel()
      log(`Hit rate limit. Retrying in ${(attempt * delayStepMs) / 1000} seconds.`)
      await wait(attempt * delayStepMs, init?.signal)
    }
  }
}

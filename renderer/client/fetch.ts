/**
 * The site's own fetches (payloads, build manifests) as JSON, with the retry of docs/behaviour.md,
 * "Calls": a request without a body is tried once more after a network error or a 408, 409, 425,
 * 429, 500, 502, 503 or 504. The browser's own fetch: ofetch, which the build uses for the CMS,
 * would add 3.3 KB gzip (with ufo and destr) to every first visit for this.
 */
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504])

/** A site fetch that failed with an HTTP status, and the JSON the answer carried, if any. */
export class SiteFetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`${url} answered ${status}`)
  }
}

/** `retry: 0` asks for no second try. */
export async function siteFetch<T>(url: string, { retry = 1, ...init }: RequestInit & { retry?: 0 | 1 } = {}): Promise<T> {
  const retries = init.body === undefined || init.body === null ? retry : 0
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, init).catch((error: unknown) => {
      if (attempt < retries) return undefined
      throw error
    })
    if (response?.ok) return (await response.json()) as T
    if (response && (attempt >= retries || !RETRY_STATUSES.has(response.status))) {
      throw new SiteFetchError(url, response.status, await response.json().catch(() => undefined))
    }
  }
}

/** The HTTP status of a failed site fetch (undefined for network errors). */
export function statusOf(error: unknown): number | undefined {
  return error instanceof SiteFetchError ? error.status : undefined
}

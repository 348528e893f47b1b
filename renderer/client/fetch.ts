/**
 * The site's own fetches (payloads, build manifests). ofetch's defaults are those of
 * docs/behaviour.md, "Calls": methods without a body retry once on 408, 409, 425, 429, 500, 502,
 * 503 and 504.
 */
import { ofetch } from 'ofetch'

export const siteFetch = ofetch.create({})

/** The HTTP status of a failed site fetch (undefined for network errors). */
export function statusOf(error: unknown): number | undefined {
  return (error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode
}

/**
 * Which space `npm run schema` works on: STORYBLOK_OAUTH_TOKEN (a personal access token),
 * STORYBLOK_SPACE_ID and the region's Management API host, or STORYBLOK_MANAGEMENT_API_URL in its
 * place (as STORYBLOK_API_URL replaces the delivery host). With none of the three set, the demo
 * space of the embedded API (scripts/schema.ts).
 */
import { ConfigError, parseHttpUrl, readVar, REGIONS, type Region } from '../config.ts'

type Env = Record<string, string | undefined>

/** The Management API's base URL per region (Storyblok's docs, "Region-specific base URLs"). */
export const MANAGEMENT_API_ORIGINS: Record<Region, string> = {
  eu: 'https://mapi.storyblok.com/v1',
  us: 'https://api-us.storyblok.com/v1',
  ca: 'https://api-ca.storyblok.com/v1',
  ap: 'https://api-ap.storyblok.com/v1',
  cn: 'https://app.storyblokchina.cn/v1',
}

/** Requests per second: what the smallest plans allow (larger ones allow 6). */
export const MANAGEMENT_RATE_LIMIT = 3

export interface ManagementConfig {
  token: string
  spaceId: number
  /** Base URL ending in `/v1`. */
  apiUrl: string
}

const SETTINGS = ['STORYBLOK_OAUTH_TOKEN', 'STORYBLOK_SPACE_ID', 'STORYBLOK_MANAGEMENT_API_URL'] as const

/** Whether any Management API setting is present (otherwise the demo space is used). */
export function hasManagementSettings(env: Env): boolean {
  return SETTINGS.some((name) => readVar(env, name) !== undefined)
}

/** Reads the settings; every problem is named before anything is sent. */
export function readManagementConfig(env: Env): ManagementConfig {
  const problems: string[] = []
  const token = readVar(env, 'STORYBLOK_OAUTH_TOKEN')
  const rawSpace = readVar(env, 'STORYBLOK_SPACE_ID')
  const rawUrl = readVar(env, 'STORYBLOK_MANAGEMENT_API_URL')
  const rawRegion = readVar(env, 'STORYBLOK_REGION') ?? 'eu'
  if (!token) problems.push('STORYBLOK_OAUTH_TOKEN is not set: set it to a personal access token of a Storyblok account that may edit the space.')
  const spaceId = Number(rawSpace)
  if (!rawSpace) problems.push("STORYBLOK_SPACE_ID is not set: set it to the space's numeric id.")
  else if (!Number.isInteger(spaceId) || spaceId < 1) problems.push(`STORYBLOK_SPACE_ID="${rawSpace}" is not a space id: use the space's numeric id.`)
  const region = (REGIONS as readonly string[]).includes(rawRegion) ? (rawRegion as Region) : undefined
  if (!region) problems.push(`STORYBLOK_REGION="${rawRegion}" is not allowed: use one of ${REGIONS.join(', ')} (default eu).`)
  const url = rawUrl === undefined ? undefined : parseHttpUrl(rawUrl)
  if (rawUrl !== undefined && !url) problems.push(`STORYBLOK_MANAGEMENT_API_URL="${rawUrl}" is not an http(s) URL: use the Management API's base URL, such as https://mapi.storyblok.com/v1.`)
  if (problems.length) throw new ConfigError(problems)
  return { token: token!, spaceId, apiUrl: (url ? url.href : MANAGEMENT_API_ORIGINS[region!]).replace(/\/+$/, '') }
}

/**
 * Storyblok connection settings, read from environment variables and validated up front so that a
 * typo stops the build before anything is fetched or written.
 */
import { detectLanguageStrategy, isLanguageFolder, LANGUAGE_STRATEGIES, LANGUAGE_TAG, topLevelFolders, type LanguageStrategy } from './language.ts'

export const REGIONS = ['eu', 'us', 'cn', 'ap', 'ca'] as const
export type Region = (typeof REGIONS)[number]

/** The delivery API's origin per region (the hosts Storyblok's own clients use). */
export const STORYBLOK_API_ORIGINS: Record<Region, string> = {
  eu: 'https://api.storyblok.com',
  us: 'https://api-us.storyblok.com',
  cn: 'https://app.storyblokchina.cn',
  ap: 'https://api-ap.storyblok.com',
  ca: 'https://api-ca.storyblok.com',
}

export const VERSIONS = ['published', 'draft'] as const
export type Version = (typeof VERSIONS)[number]

/** docs/behaviour.md, "Constants": default page size 25; the delivery API caps `per_page` at 100. */
export const DEFAULT_PER_PAGE = 25
export const MAX_PER_PAGE = 100
/** Datasource entries come 1,000 a page, the delivery API's maximum for them. */
export const DATASOURCE_PER_PAGE = 1000
/** The most links `cdn/links` answers per page. */
export const LINKS_PER_PAGE = 1000
/**
 * The delivery API inlines up to 50 resolved relations (and links) per answer and names the rest
 * by uuid (`rel_uuids`, `link_uuids`), which the client then fetches 50 at a time (docs/behaviour.md,
 * "Constants").
 */
export const INLINE_RESOLVE_LIMIT = 50
export const UUID_BATCH_SIZE = 50
/** docs/behaviour.md, "Constants": 5 requests per second, 3 with an oauth (management) token. */
export const DEFAULT_RATE_LIMIT = 5
export const OAUTH_RATE_LIMIT = 3

/** The exact message of docs/behaviour.md, "Error texts". */
export const MISSING_TOKEN_MESSAGE = 'You need to provide an access token to interact with the CMS API'

export interface CmsConfig {
  /** Delivery token for published content. */
  token?: string
  /** Preview token for drafts; never written into production output. */
  previewToken?: string
  /** Management API token; lowers the throttle to 3/s. */
  oauthToken?: string
  region: Region
  /** Full base URL (e.g. `http://127.0.0.1:4100/v2`) overriding the region host. */
  apiUrl?: string
  version: Version
  perPage: number
  /** Requests per second the client allows itself. */
  rateLimit: number
  /** `STORYBLOK_LANGUAGES`: every language of the space (`auto`), or these codes (none for `none`). */
  languages?: LanguageSetting
  /** `STORYBLOK_LANGUAGE_STRATEGY`: how the space translates; detected when absent. */
  languageStrategy?: LanguageStrategy
  /** Drafts as a release (the Releases app) will publish them: `from_release` on every story request (`--release ID`). */
  release?: number
}

export type LanguageSetting = 'auto' | string[]

/** Thrown for invalid settings; `problems` holds one line per variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

/** Reads an environment variable, treating empty and whitespace-only values as unset. */
export function readVar(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

export function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}

function parseOption<T extends string>(
  env: Env,
  name: string,
  allowed: readonly T[],
  fallback: T,
  problems: string[],
): T {
  const value = readVar(env, name)
  if (value === undefined) return fallback
  if ((allowed as readonly string[]).includes(value)) return value as T
  problems.push(`${name}="${value}" is not allowed: use one of ${allowed.join(', ')} (default ${fallback}).`)
  return fallback
}

function parseNumber(
  env: Env,
  name: string,
  { min, max, integer, fallback }: { min: number; max: number; integer: boolean; fallback: number },
  problems: string[],
): number {
  const value = readVar(env, name)
  if (value === undefined) return fallback
  const number = Number(value)
  const valid = Number.isFinite(number) && number >= min && number <= max && (!integer || Number.isInteger(number))
  if (valid) return number
  const kind = integer ? 'a whole number' : 'a number'
  problems.push(`${name}="${value}" is not allowed: use ${kind} from ${min} to ${max} (default ${fallback}).`)
  return fallback
}

/**
 * Reads the `STORYBLOK_*` variables. Collects every problem before throwing, so that one run names
 * all of them.
 */
export function readCmsConfig(env: Env, problems: string[] = []): CmsConfig {
  const token = readVar(env, 'STORYBLOK_TOKEN')
  const previewToken = readVar(env, 'STORYBLOK_PREVIEW_TOKEN')
  const oauthToken = readVar(env, 'STORYBLOK_OAUTH_TOKEN')
  const region = parseOption(env, 'STORYBLOK_REGION', REGIONS, 'eu', problems)
  const version = parseOption(env, 'STORYBLOK_VERSION', VERSIONS, 'published', problems)

  let apiUrl = readVar(env, 'STORYBLOK_API_URL')
  if (apiUrl !== undefined) {
    if (parseHttpUrl(apiUrl)) apiUrl = apiUrl.replace(/\/+$/, '')
    else {
      problems.push(`STORYBLOK_API_URL="${apiUrl}" is not a full http(s) URL: use a base URL such as http://127.0.0.1:4100/v2.`)
      apiUrl = undefined
    }
  }

  const perPage = parseNumber(
    env,
    'STORYBLOK_PER_PAGE',
    { min: 1, max: MAX_PER_PAGE, integer: true, fallback: DEFAULT_PER_PAGE },
    problems,
  )
  const rateLimit = parseNumber(
    env,
    'STORYBLOK_RATE_LIMIT',
    { min: 0.1, max: 10_000, integer: false, fallback: oauthToken ? OAUTH_RATE_LIMIT : DEFAULT_RATE_LIMIT },
    problems,
  )

  if (version === 'draft' && !previewToken) {
    problems.push('STORYBLOK_VERSION="draft" needs STORYBLOK_PREVIEW_TOKEN: drafts can only be read with a preview token.')
  }
  if (apiUrl && !token && !previewToken) {
    problems.push(`STORYBLOK_API_URL is set but STORYBLOK_TOKEN is not. ${MISSING_TOKEN_MESSAGE}: set STORYBLOK_TOKEN.`)
  }
  if (!token && previewToken && !apiUrl) {
    problems.push('STORYBLOK_PREVIEW_TOKEN is set without STORYBLOK_TOKEN: set STORYBLOK_TOKEN to build a real space.')
  }

  const languages = parseLanguages(readVar(env, 'STORYBLOK_LANGUAGES'), problems)
  const strategy = readVar(env, 'STORYBLOK_LANGUAGE_STRATEGY') ? parseOption(env, 'STORYBLOK_LANGUAGE_STRATEGY', LANGUAGE_STRATEGIES, 'field', problems) : undefined

  return { token, previewToken, oauthToken, region, apiUrl, version, perPage, rateLimit, languages, ...(strategy ? { languageStrategy: strategy } : {}) }
}

/** `auto` (the default), `none` (the default language only) or a comma-separated list of the space's language codes (`de,fr`). */
function parseLanguages(value: string | undefined, problems: string[]): LanguageSetting {
  if (value === undefined || value === 'auto') return 'auto'
  if (value === 'none') return []
  const codes = [...new Set(value.split(',').map((code) => code.trim()).filter(Boolean))]
  const bad = codes.filter((code) => !LANGUAGE_TAG.test(code) || code === 'default')
  if (bad.length || !codes.length) {
    problems.push(`STORYBLOK_LANGUAGES="${value}" is not allowed: use auto (every language of the space, the default), none (the default language only) or a comma-separated list of its language codes, such as de,fr.`)
    return 'auto'
  }
  return codes
}

/**
 * The languages to build besides the default one: all the space has (`auto`), or the listed ones,
 * each of which the space must have.
 */
export function resolveLanguages(setting: LanguageSetting | undefined, spaceCodes: string[]): string[] {
  if (setting === undefined || setting === 'auto') return spaceCodes
  const missing = setting.filter((code) => !spaceCodes.includes(code))
  if (missing.length) {
    const has = spaceCodes.length ? `it has ${spaceCodes.join(', ')}` : 'it has no languages besides the default'
    throw new ConfigError([
      `STORYBLOK_LANGUAGES lists ${missing.map((code) => `"${code}"`).join(', ')}, which the space does not have (${has}, in Settings → Internationalization): leave ${missing.length === 1 ? 'it' : 'them'} out, or add ${missing.length === 1 ? 'it' : 'them'} to the space.`,
    ])
  }
  return setting
}

export interface SpaceLanguages {
  /** The languages built besides the default one. */
  codes: string[]
  /** How they are stored; undefined without languages. */
  strategy?: LanguageStrategy
}

/**
 * The languages a build makes and how the space stores them (docs/behaviour.md, "Languages").
 * Field-level: the space's `language_codes` (or the listed ones among them). Folder-level (set, or
 * detected when every language code is a top-level folder): a folder per language, named by its
 * code; `auto` takes the space's codes, or, when it lists none, the top-level folders named like a
 * language. The default language's own folder, if any, is not another language.
 */
export function resolveSpaceLanguages(
  { languages: setting, languageStrategy }: Pick<CmsConfig, 'languages' | 'languageStrategy'>,
  spaceCodes: string[],
  fullSlugs: string[],
  defaultLanguage: string,
): SpaceLanguages {
  const strategy = languageStrategy ?? (spaceCodes.length ? detectLanguageStrategy(spaceCodes, fullSlugs) : undefined)
  if (strategy !== 'folder') {
    const codes = resolveLanguages(setting, spaceCodes)
    return codes.length ? { codes, strategy: 'field' } : { codes }
  }
  const folders = topLevelFolders(fullSlugs)
  const listed = setting === undefined || setting === 'auto' ? (spaceCodes.length ? spaceCodes : [...folders].filter(isLanguageFolder).sort()) : setting
  const codes = listed.filter((code) => code !== defaultLanguage)
  const missing = codes.filter((code) => !folders.has(code))
  if (missing.length) {
    throw new ConfigError([
      `The space translates by folders, but has no top-level folder ${missing.map((code) => `"${code}/"`).join(', ')} for ${missing.length === 1 ? 'its language' : 'its languages'} (STORYBLOK_LANGUAGES or the space's languages): add the folder, or list only the languages that have one.`,
    ])
  }
  return codes.length ? { codes, strategy } : { codes }
}

/** Whether the build should start the embedded demo CMS instead of calling Storyblok. */
export function usesEmbeddedCms(env: Env): boolean {
  return !readVar(env, 'STORYBLOK_TOKEN') && !readVar(env, 'STORYBLOK_API_URL') && !readVar(env, 'STORYBLOK_PREVIEW_TOKEN')
}

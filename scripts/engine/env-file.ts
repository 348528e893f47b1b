/**
 * The `.env` file, read with Node's own parser (util.parseEnv) and checked line by line first,
 * since the parser skips what it cannot read without a word: a line that is not `NAME=value`, or a
 * quote that never closes, stops the build with its line number. Names that look like a setting
 * but are none (`STORYBLOK_TOKN`) are warned of, with the setting they are nearest to.
 */
import { parseEnv } from 'node:util'
import { ConfigError } from '../../cms/config.ts'

type Env = Record<string, string | undefined>

/** Every setting the project reads (README, "Configuration"; `.env.example`). */
export const SETTINGS = [
  'STORYBLOK_TOKEN',
  'STORYBLOK_PREVIEW_TOKEN',
  'STORYBLOK_OAUTH_TOKEN',
  'STORYBLOK_SPACE_ID',
  'STORYBLOK_MANAGEMENT_API_URL',
  'STORYBLOK_REGION',
  'STORYBLOK_API_URL',
  'STORYBLOK_VERSION',
  'STORYBLOK_PER_PAGE',
  'STORYBLOK_RATE_LIMIT',
  'STORYBLOK_LANGUAGES',
  'STORYBLOK_LANGUAGE_STRATEGY',
  'STORYBLOK_WEBHOOK_SECRET',
  'SITE_URL',
  'SITE_LANGUAGE',
  'CONTACT_ENDPOINT',
  'CONTACT_EMAIL',
  'DEPLOY_TARGET',
  'CLOUDFRONT_DISTRIBUTION_ID',
  'PURGE_WEBHOOK_URL',
  'PURGE_WEBHOOK_SECRET',
  'PRECOMPRESS',
  'ANALYTICS_SCRIPT_URL',
  'ANALYTICS_ATTRIBUTES',
  'SEARCH',
] as const

/** The prefixes of the settings: a name with one of them that is no setting is likely a typo. */
const SETTING_PREFIX = /^(STORYBLOK|SITE|CONTACT|DEPLOY|CLOUDFRONT|PURGE|ANALYTICS)_/
const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=(.*)$/

/** Malformed lines of a `.env` text, each naming its line number. */
export function envFileProblems(text: string, file = '.env'): string[] {
  const lines = text.split(/\r?\n/)
  const problems: string[] = []
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!.trim()
    if (line === '' || line.startsWith('#')) continue
    const match = ASSIGNMENT.exec(line)
    if (!match) {
      problems.push(`${file} line ${at + 1} is not NAME=value: "${line.length > 40 ? `${line.slice(0, 37)}…` : line}". Fix it, or start it with # to keep it as a comment.`)
      continue
    }
    const name = match[1]!
    const value = match[2]!.trim()
    const quote = value[0]
    if (quote !== '"' && quote !== "'" && quote !== '`') continue
    if (value.length > 1 && value.indexOf(quote, 1) > 0) continue
    // A quoted value may go on over lines; it must close on one of them.
    const closing = lines.findIndex((later, index) => index > at && later.includes(quote))
    if (closing < 0) problems.push(`${file} line ${at + 1}: the value of ${name} opens a quote (${quote}) that never closes. Close it, or leave the quote out.`)
    else at = closing
  }
  return problems
}

/** How many single-character edits turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[b.length]!
}

/** A warning for each name that looks like a setting but is none, naming the nearest setting. */
export function unknownSettings(names: Iterable<string>, where: string): string[] {
  const known = new Set<string>(SETTINGS)
  const warnings: string[] = []
  for (const name of names) {
    if (!SETTING_PREFIX.test(name) || known.has(name)) continue
    const [nearest] = [...SETTINGS].sort((a, b) => editDistance(name, a) - editDistance(name, b))
    warnings.push(`${name} (${where}) is not a setting of this project: did you mean ${nearest}? It is ignored.`)
  }
  return warnings
}

/**
 * The settings of `.env` (when there is one) under the real environment's, which win. Malformed
 * lines throw a ConfigError; unknown names in either are handed to `warn`.
 */
export function loadEnvFile(env: Env, text: string | undefined, warn: (warning: string) => void, file = '.env'): Env {
  const problems = text === undefined ? [] : envFileProblems(text, file)
  if (problems.length) throw new ConfigError(problems)
  const values = text === undefined ? {} : parseEnv(text)
  for (const warning of [...unknownSettings(Object.keys(values), file), ...unknownSettings(Object.keys(env).filter((name) => !Object.hasOwn(values, name)), 'environment')]) warn(warning)
  return { ...values, ...env }
}

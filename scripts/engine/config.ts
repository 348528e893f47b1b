/**
 * Build configuration: environment (with an optional `.env`, real variables winning) and command
 * line flags, all validated before anything is fetched or written.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, parseHttpUrl, readCmsConfig, readVar, usesEmbeddedCms, type CmsConfig } from '../../cms/config.ts'
import { isEmailAddress } from '../../pages/email-address.ts'
import { DEMO_CONTACT_EMAIL } from '../../cms/demo-space.ts'
import { DEFAULT_SITE_LANGUAGE, LANGUAGE_TAG } from '../../cms/language.ts'
import { demoProblems } from './demo-guard.ts'
import { loadEnvFile } from './env-file.ts'
import type { AnalyticsScript, ContactSettings, SiteInfo } from '../../pages/build-contract.ts'
import { releaseId } from '../../cms/release.ts'
import { PROJECT_ROOT } from '../../cms/project-root.ts'

export interface BuildOptions {
  /** Build for the visual editor: drafts fetched in the browser with the preview token. */
  preview: boolean
  /** Where the finished site goes (replaced only when the build succeeded). */
  outDir: string
  /** Scratch space for bundles and the build cache; must sit inside the project so the server bundle resolves node_modules. */
  workDir: string
  /** Ignore the build cache: crawl everything and render every route (`--full`). */
  full: boolean
  /** Story ids that changed (`--changed 12,34`, what webhooks name): only they are refetched. */
  changed?: number[]
  /** Build the demo space although settings are present (`--demo`; scripts/engine/demo-guard.ts). */
  demo: boolean
  /** A whole-site preview of a release (`--release ID`): a preview build of every story's draft as that release holds it. */
  release?: number
}

export interface BuildConfig extends BuildOptions {
  cms: CmsConfig
  /** Serve the demo space from the embedded CMS (no token and no API URL configured). */
  embedded: boolean
  siteUrl?: string
  /** The site's language (`SITE_LANGUAGE`), for `<html lang>` and its writing direction. */
  language: string
  contact: ContactSettings
  /** Write Brotli and gzip variants beside the text files once live (`PRECOMPRESS=1`; files/variants.ts). */
  precompress: boolean
  analytics?: AnalyticsScript
  /** Index the site with Pagefind and offer search in the header (`SEARCH`, on unless 0; never in preview builds). */
  search: boolean
}

type Env = Record<string, string | undefined>

/**
 * Variables from `.env` in the working directory, overridden by the real environment; a malformed
 * line throws a ConfigError, and a name that is no setting is warned of (scripts/engine/env-file.ts).
 */
export function loadEnv(env: Env = process.env, file = resolve('.env'), warn: (warning: string) => void = (warning) => process.stderr.write(`Warning: ${warning}\n`)): Env {
  return loadEnvFile(env, existsSync(file) ? readFileSync(file, 'utf8') : undefined, warn)
}

const USAGE = 'Usage: npm run build [-- --out DIR] [--work-dir DIR] [--preview] [--release ID] [--full] [--changed ID,ID] [--demo]'

/**
 * Why the work folder `dir` cannot be a folder, if it cannot: the nearest part of its path that
 * exists is a file. A build would otherwise fail on Node's bare ENOTDIR where it locks its cache,
 * and `npm start` only at the first webhook. (`--out` needs no such check: the build makes its
 * staging folder beside it first thing, and says so when it cannot.)
 */
function workDirProblem(dir: string): string | undefined {
  let existing = dir
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing)
  if (existsSync(existing) && !statSync(existing).isDirectory()) {
    return `--work-dir ${dir} cannot be a folder: ${existing === dir ? 'it' : existing} is a file. Give the path of a folder in the project, or of one to make.`
  }
  return undefined
}

export function parseBuildArgs(argv: string[], problems: string[]): BuildOptions {
  const options: BuildOptions = { preview: false, outDir: resolve('dist'), workDir: resolve('.build'), full: false, demo: false }
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      strict: true,
      options: { preview: { type: 'boolean' }, full: { type: 'boolean' }, demo: { type: 'boolean' }, changed: { type: 'string', multiple: true }, release: { type: 'string' }, out: { type: 'string' }, 'work-dir': { type: 'string' } },
    }))
  } catch (error) {
    problems.push(`${(error as Error).message.split('\n')[0]!.replace(/\.?$/, '.')} ${USAGE}`)
    return options
  }
  for (const value of values.changed ?? []) {
    const ids = value.split(',').map((id) => id.trim())
    if (ids.every((id) => /^\d+$/.test(id))) options.changed = [...(options.changed ?? []), ...ids.map(Number)]
    else problems.push(`--changed "${value}" is not a list of story ids (numbers separated by commas, as webhooks send them).`)
  }
  const release = releaseId(values.release)
  if (values.release !== undefined && release === undefined) {
    problems.push(`--release "${values.release}" is not a release id: use the release's number, as the editor's preview links of it carry it (_storyblok_release=…).`)
  }
  const workDir = values['work-dir'] ? resolve(values['work-dir']) : options.workDir
  const inProject = relative(PROJECT_ROOT, workDir)
  if (inProject === '..' || inProject.startsWith(`..${sep}`) || isAbsolute(inProject)) {
    problems.push(`--work-dir ${workDir} is outside the project (${PROJECT_ROOT}): the bundles built there import the project's packages, which Node finds only from inside it. Use a folder in the project, such as .build-other.`)
  }
  const problem = workDirProblem(workDir)
  if (problem) problems.push(problem)
  return {
    ...options,
    preview: values.preview ?? false,
    full: values.full ?? false,
    demo: values.demo ?? false,
    ...(release ? { release } : {}),
    outDir: values.out ? resolve(values.out) : options.outDir,
    workDir,
  }
}

/** `ANALYTICS_SCRIPT_URL` with `ANALYTICS_ATTRIBUTES` (`data-domain=example.com data-api=…`), checked. */
function readAnalytics(env: Env, problems: string[]): AnalyticsScript | undefined {
  const src = readVar(env, 'ANALYTICS_SCRIPT_URL')
  const given = readVar(env, 'ANALYTICS_ATTRIBUTES')
  if (src === undefined) {
    if (given !== undefined) problems.push('ANALYTICS_ATTRIBUTES is set without ANALYTICS_SCRIPT_URL: set the address of the analytics script too, or remove the attributes.')
    return undefined
  }
  if (!src.startsWith('https://') || !parseHttpUrl(src)) {
    problems.push(`ANALYTICS_SCRIPT_URL="${src}" is not an https URL: use the script's address as your analytics service gives it, such as https://plausible.io/js/script.js.`)
    return undefined
  }
  const attributes: [string, string][] = []
  for (const pair of (given ?? '').split(/\s+/).filter(Boolean)) {
    const match = /^(data-[a-z0-9-]+)=(.+)$/.exec(pair)
    if (match) attributes.push([match[1]!, match[2]!.replace(/^"(.*)"$/, '$1')])
    else problems.push(`ANALYTICS_ATTRIBUTES has "${pair}", which is not data-name=value: give the script's data attributes as its service documents them, such as data-domain=example.com, separated by spaces.`)
  }
  return { src, attributes }
}

export function readBuildConfig(env: Env, argv: string[]): BuildConfig {
  const problems: string[] = []
  const options = parseBuildArgs(argv, problems)
  const settings = readCmsConfig(env, problems)
  // A release is previewed in drafts, as its stories will be published.
  const cms = options.release ? { ...settings, version: 'draft' as const, release: options.release } : settings
  const siteUrl = readVar(env, 'SITE_URL')
  if (siteUrl !== undefined && !parseHttpUrl(siteUrl)) {
    problems.push(`SITE_URL="${siteUrl}" is not a full http(s) URL: use the public origin, such as https://www.example.com.`)
  }
  const endpoint = readVar(env, 'CONTACT_ENDPOINT')
  if (endpoint !== undefined && !parseHttpUrl(endpoint) && !/^\/[^/]/.test(endpoint)) {
    problems.push(`CONTACT_ENDPOINT="${endpoint}" is not allowed: use a full http(s) URL or a path on this site such as /api/contact.`)
  }
  const language = readVar(env, 'SITE_LANGUAGE') ?? DEFAULT_SITE_LANGUAGE
  if (!LANGUAGE_TAG.test(language)) {
    problems.push(`SITE_LANGUAGE="${language}" is not a language tag: use one such as en, de or pt-BR.`)
  }
  const embedded = usesEmbeddedCms(env)
  problems.push(...demoProblems(env, options, embedded))
  const preview = options.preview || options.release !== undefined || readVar(env, 'PREVIEW') === '1'
  if (preview && (embedded || !readVar(env, 'STORYBLOK_PREVIEW_TOKEN'))) {
    problems.push(
      'A preview build (--preview, --release or PREVIEW=1) needs STORYBLOK_PREVIEW_TOKEN and a Storyblok space the browser can reach ' +
        '(STORYBLOK_TOKEN, or STORYBLOK_API_URL): the embedded demo CMS stops when the build ends.',
    )
  }
  const email = readVar(env, 'CONTACT_EMAIL') ?? (embedded ? DEMO_CONTACT_EMAIL : undefined)
  if (email !== undefined && !isEmailAddress(email)) {
    problems.push(`CONTACT_EMAIL="${email}" is not an email address: use one such as hello@example.com.`)
  }
  const analytics = readAnalytics(env, problems)
  const precompress = readVar(env, 'PRECOMPRESS') ?? '0'
  if (precompress !== '0' && precompress !== '1') {
    problems.push(`PRECOMPRESS="${precompress}" is neither 1 nor 0: set 1 to write .br and .gz files beside the text files (for nginx or npm start), 0 or nothing for hosts that compress themselves.`)
  }
  const search = readVar(env, 'SEARCH') ?? '1'
  if (search !== '0' && search !== '1') {
    problems.push(`SEARCH="${search}" is neither 1 nor 0: set 0 to build the site without search, 1 or nothing to keep it.`)
  }
  if (problems.length) throw new ConfigError(problems)
  return {
    ...options,
    preview,
    cms,
    embedded,
    siteUrl: siteUrl?.replace(/\/+$/, ''),
    language,
    contact: { endpoint, email },
    precompress: precompress === '1',
    ...(analytics ? { analytics } : {}),
    // Editors find pages in Storyblok: a preview build is not indexed.
    search: search === '1' && !preview,
  }
}

/** What pages know about the site: its name (the space's), canonical origin, language and contact settings. */
export function siteInfo(config: BuildConfig, spaceName: string): SiteInfo {
  const contact = Object.fromEntries(Object.entries(config.contact).filter(([, value]) => value !== undefined))
  return {
    name: spaceName,
    ...(config.siteUrl ? { url: config.siteUrl } : {}),
    // Only when it is not the default, so that an English site's shell keeps its bytes.
    ...(config.language !== DEFAULT_SITE_LANGUAGE ? { language: config.language } : {}),
    ...(Object.keys(contact).length ? { contact } : {}),
    ...(config.preview ? { noindex: true as const } : {}),
    // Preview builds are for editors, whose visits are not the site's.
    ...(config.analytics && !config.preview ? { analytics: config.analytics } : {}),
    ...(config.search ? { search: true as const } : {}),
  }
}

/**
 * Origins other than the site's own that its pages fetch from, for the Content-Security-Policy
 * (scripts/engine/publish/headers.ts): a preview build's CMS API (a mirror or proxy given as
 * STORYBLOK_API_URL; the region hosts are always allowed) and a contact endpoint on another origin.
 */
export function connectOrigins(config: BuildConfig): string[] {
  // An analytics script sends its events to its own origin, or to one an attribute names (Plausible's data-api, Umami's data-host-url).
  const analytics = config.analytics && !config.preview ? [config.analytics.src, ...config.analytics.attributes.map(([, value]) => value)] : []
  const urls = [config.preview ? config.cms.apiUrl : undefined, config.contact.endpoint, ...analytics]
  return [...new Set(urls.flatMap((url) => (url && parseHttpUrl(url) ? [new URL(url).origin] : [])))]
}

/**
 * Script sources the pages need besides the site's own and Storyblok's bridge: WebAssembly for
 * search (Pagefind runs in it), and the analytics script's origin.
 */
export function scriptSources(config: BuildConfig): string[] {
  return [...(config.search ? ["'wasm-unsafe-eval'"] : []), ...(config.analytics && !config.preview ? [new URL(config.analytics.src).origin] : [])]
}

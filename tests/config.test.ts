import { describe, expect, it } from 'vitest'
import { textDirection } from '../cms/language.ts'
import { ConfigError, MISSING_TOKEN_MESSAGE, readCmsConfig, resolveLanguages, resolveSpaceLanguages, usesEmbeddedCms } from '../cms/config.ts'
import { isLanguageFolder } from '../cms/language.ts'
import { connectOrigins, readBuildConfig, scriptSources, siteInfo } from '../scripts/engine/config.ts'
import { contentSecurityPolicy } from '../scripts/engine/publish/headers.ts'

function problemsOf(env: Record<string, string>): string[] {
  try {
    readBuildConfig(env, [])
    return []
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).problems
  }
}

describe('configuration', () => {
  it('should default to the spec constants', () => {
    const config = readCmsConfig({})
    expect(config).toMatchObject({ region: 'eu', version: 'published', perPage: 25, rateLimit: 5 })
  })

  it('should add an analytics script with its data attributes to production builds, its origins to the CSP, and nothing to preview builds', () => {
    const env = { ANALYTICS_SCRIPT_URL: 'https://plausible.io/js/script.js', ANALYTICS_ATTRIBUTES: 'data-domain="example.com"  data-api=https://events.example.com/api/event', SEARCH: '0' }
    const config = readBuildConfig(env, [])
    const analytics = { src: 'https://plausible.io/js/script.js', attributes: [['data-domain', 'example.com'], ['data-api', 'https://events.example.com/api/event']] }
    expect(siteInfo(config, 'Site').analytics).toEqual(analytics)
    expect(scriptSources(config)).toEqual(['https://plausible.io'])
    expect(connectOrigins(config)).toEqual(['https://plausible.io', 'https://events.example.com'])
    expect(contentSecurityPolicy(connectOrigins(config), scriptSources(config))).toMatch(/script-src 'self' https:\/\/app\.storyblok\.com https:\/\/plausible\.io;.*connect-src [^;]*https:\/\/plausible\.io https:\/\/events\.example\.com;/)
    const preview = { ...config, preview: true }
    expect([siteInfo(preview, 'Site').analytics, scriptSources(preview), connectOrigins(preview)]).toEqual([undefined, [], []])
    expect(readBuildConfig({}, []).analytics).toBeUndefined()
  })

  it('should offer search unless SEARCH=0, allow its WebAssembly in the CSP, and leave it out of preview builds', () => {
    const config = readBuildConfig({}, [])
    expect([config.search, siteInfo(config, 'Site').search, scriptSources(config)]).toEqual([true, true, ["'wasm-unsafe-eval'"]])
    expect(contentSecurityPolicy([], scriptSources(config))).toMatch(/script-src 'self' https:\/\/app\.storyblok\.com 'wasm-unsafe-eval';/)
    const off = readBuildConfig({ SEARCH: '0' }, [])
    expect([off.search, siteInfo(off, 'Site').search, scriptSources(off)]).toEqual([false, undefined, []])
    const preview = readBuildConfig({ STORYBLOK_TOKEN: 'public-token', STORYBLOK_PREVIEW_TOKEN: 'preview-token' }, ['--preview'])
    expect([preview.search, siteInfo(preview, 'Site').search]).toEqual([false, undefined])
    expect(problemsOf({ SEARCH: 'yes' })).toEqual(['SEARCH="yes" is neither 1 nor 0: set 0 to build the site without search, 1 or nothing to keep it.'])
  })

  it('should name what is wrong with the analytics settings', () => {
    expect(problemsOf({ ANALYTICS_SCRIPT_URL: 'http://plausible.io/js/script.js' })).toEqual(['ANALYTICS_SCRIPT_URL="http://plausible.io/js/script.js" is not an https URL: use the script\'s address as your analytics service gives it, such as https://plausible.io/js/script.js.'])
    expect(problemsOf({ ANALYTICS_SCRIPT_URL: 'https://cloud.umami.is/script.js', ANALYTICS_ATTRIBUTES: 'website-id=abc onload=alert(1)' })).toEqual([
      'ANALYTICS_ATTRIBUTES has "website-id=abc", which is not data-name=value: give the script\'s data attributes as its service documents them, such as data-domain=example.com, separated by spaces.',
      'ANALYTICS_ATTRIBUTES has "onload=alert(1)", which is not data-name=value: give the script\'s data attributes as its service documents them, such as data-domain=example.com, separated by spaces.',
    ])
    expect(problemsOf({ ANALYTICS_ATTRIBUTES: 'data-domain=example.com' })).toEqual(['ANALYTICS_ATTRIBUTES is set without ANALYTICS_SCRIPT_URL: set the address of the analytics script too, or remove the attributes.'])
  })

  it('should write compressed variants only with PRECOMPRESS=1, and name the values for another', () => {
    expect([readBuildConfig({}, []).precompress, readBuildConfig({ PRECOMPRESS: '1' }, []).precompress, readBuildConfig({ PRECOMPRESS: '0' }, []).precompress]).toEqual([false, true, false])
    expect(problemsOf({ PRECOMPRESS: 'yes' })).toEqual(['PRECOMPRESS="yes" is neither 1 nor 0: set 1 to write .br and .gz files beside the text files (for nginx or npm start), 0 or nothing for hosts that compress themselves.'])
  })

  it('should throttle to 3 requests per second with an oauth token', () => {
    expect(readCmsConfig({ STORYBLOK_OAUTH_TOKEN: 'oauth' }).rateLimit).toBe(3)
    expect(readCmsConfig({ STORYBLOK_OAUTH_TOKEN: 'oauth', STORYBLOK_RATE_LIMIT: '8' }).rateLimit).toBe(8)
  })

  it('should name the variable and the allowed values for a bad region', () => {
    const [problem] = problemsOf({ STORYBLOK_REGION: 'mars' })
    expect(problem).toContain('STORYBLOK_REGION="mars"')
    expect(problem).toContain('eu, us, cn, ap, ca')
  })

  it('should reject per_page outside 1..100 and non-numbers', () => {
    expect(problemsOf({ STORYBLOK_PER_PAGE: '101' })[0]).toMatch(/STORYBLOK_PER_PAGE="101".*1 to 100/)
    expect(problemsOf({ STORYBLOK_PER_PAGE: '2.5' })[0]).toMatch(/whole number/)
    expect(problemsOf({ STORYBLOK_RATE_LIMIT: 'fast' })[0]).toMatch(/STORYBLOK_RATE_LIMIT="fast"/)
  })

  it('should reject a version other than published or draft', () => {
    expect(problemsOf({ STORYBLOK_VERSION: 'latest' })[0]).toMatch(/STORYBLOK_VERSION="latest".*published, draft/)
  })

  it('should require a preview token for drafts', () => {
    expect(problemsOf({ STORYBLOK_TOKEN: 't', STORYBLOK_VERSION: 'draft' })[0]).toMatch(/needs STORYBLOK_PREVIEW_TOKEN/)
  })

  it('should reject URLs that are not absolute http(s)', () => {
    expect(problemsOf({ STORYBLOK_API_URL: 'localhost:4100', STORYBLOK_TOKEN: 't' })[0]).toMatch(/STORYBLOK_API_URL="localhost:4100"/)
    expect(problemsOf({ SITE_URL: 'www.example.com' })[0]).toMatch(/SITE_URL="www.example.com"/)
  })

  it('should reject a SITE_LANGUAGE that is not a language tag, naming an example', () => {
    expect(problemsOf({ SITE_LANGUAGE: 'english' })[0]).toBe('SITE_LANGUAGE="english" is not a language tag: use one such as en, de or pt-BR.')
    expect(problemsOf({ SITE_LANGUAGE: 'pt-BR' })).toEqual([])
  })

  it('should write right to left for right-to-left languages and scripts only', () => {
    for (const tag of ['ar', 'he-IL', 'fa', 'ur', 'pa-Arab', 'yi']) expect(textDirection(tag), tag).toBe('rtl')
    for (const tag of ['en', 'de', 'ar-Latn', 'zh-Hant', 'pt-BR']) expect(textDirection(tag), tag).toBe('ltr')
  })

  it('should read STORYBLOK_LANGUAGES as auto or a list of codes, and the strategy as field or folder', () => {
    expect(readCmsConfig({}).languages).toBe('auto')
    expect(readCmsConfig({ STORYBLOK_LANGUAGES: 'de, fr,de' }).languages).toEqual(['de', 'fr'])
    expect(readCmsConfig({ STORYBLOK_LANGUAGE_STRATEGY: 'folder' }).languageStrategy).toBe('folder')
    expect(problemsOf({ STORYBLOK_LANGUAGES: 'german' })[0]).toMatch(/STORYBLOK_LANGUAGES="german"/)
    expect(problemsOf({ STORYBLOK_LANGUAGES: 'de;fr' })[0]).toMatch(/^STORYBLOK_LANGUAGES="de;fr" is not allowed: use auto/)
    expect(problemsOf({ STORYBLOK_LANGUAGE_STRATEGY: 'space' })[0]).toMatch(/STORYBLOK_LANGUAGE_STRATEGY="space".*field, folder/)
  })

  it('should build every language of the space with auto, and only listed ones it has otherwise', () => {
    expect(resolveLanguages('auto', ['de', 'fr'])).toEqual(['de', 'fr'])
    expect(resolveLanguages(['fr'], ['de', 'fr'])).toEqual(['fr'])
    expect(() => resolveLanguages(['it'], [])).toThrow(/"it", which the space does not have \(it has no languages besides the default/)
  })

  it('should take the languages of a space translated by folders from its folders, the default language’s own folder excepted', () => {
    const slugs = ['en/home', 'en/about', 'de/home', 'fr/home', 'new/launch', 'blog/post']
    expect(resolveSpaceLanguages({ languageStrategy: 'folder' }, [], slugs, 'en')).toEqual({ codes: ['de', 'fr'], strategy: 'folder' })
    expect(resolveSpaceLanguages({ languages: ['de'] }, ['de'], ['home', 'blog/post'], 'en')).toEqual({ codes: ['de'], strategy: 'field' })
    // Detected: every language code of the space is a top-level folder.
    expect(resolveSpaceLanguages({}, ['de'], ['de/home', 'home'], 'en')).toEqual({ codes: ['de'], strategy: 'folder' })
    expect(resolveSpaceLanguages({ languages: [] }, ['de'], [], 'en')).toEqual({ codes: [] })
    expect(() => resolveSpaceLanguages({ languages: ['it'], languageStrategy: 'folder' }, [], slugs, 'en')).toThrow(/no top-level folder "it\/"/)
    expect(readCmsConfig({ STORYBLOK_LANGUAGES: 'none' }).languages).toEqual([])
  })

  it('should count only two-letter codes ICU knows as language folders', () => {
    expect(['de', 'pt-br', 'zh-hans'].every(isLanguageFolder)).toBe(true)
    expect(['new', 'faq', 'xx', 'blog', 'd'].some(isLanguageFolder)).toBe(false)
  })

  it('should say the spec message when an API URL comes without a token', () => {
    expect(problemsOf({ STORYBLOK_API_URL: 'http://127.0.0.1:4100/v2' })[0]).toContain(MISSING_TOKEN_MESSAGE)
  })

  it('should report every problem at once', () => {
    expect(problemsOf({ STORYBLOK_TOKEN: 't', STORYBLOK_REGION: 'x', STORYBLOK_PER_PAGE: '0', SITE_URL: 'nope' })).toHaveLength(3)
  })

  it('should reject unknown command line flags', () => {
    expect(() => readBuildConfig({}, ['--outt', 'x'])).toThrow(/Unknown option '--outt'\. Usage: npm run build/)
    expect(() => readBuildConfig({}, ['--out'])).toThrow(/Option '--out <value>' argument missing\. Usage/)
  })

  it('should refuse a work folder outside the project, whose bundles could not import its packages', () => {
    expect(() => readBuildConfig({}, ['--work-dir', '/tmp/elsewhere'])).toThrow(/--work-dir \/tmp\/elsewhere is outside the project \(.*\): the bundles built there import the project's packages/)
    expect(() => readBuildConfig({}, ['--work-dir', '..'])).toThrow(/is outside the project/)
    // Inside it, whatever the folder's name.
    expect(readBuildConfig({}, ['--work-dir', '.build/other']).workDir).toMatch(/\.build\/other$/)
    expect(readBuildConfig({}, ['--work-dir', '..build']).workDir).toMatch(/\/\.\.build$/)
  })

  it('should refuse a work folder whose path runs into a file, before anything is fetched', () => {
    expect(() => readBuildConfig({}, ['--work-dir', 'package.json'])).toThrow(/--work-dir \S*package\.json cannot be a folder: it is a file\./)
    expect(() => readBuildConfig({}, ['--work-dir', 'package.json/cache'])).toThrow(/--work-dir \S*package\.json\/cache cannot be a folder: \S*package\.json is a file\./)
    // Folders that exist, and folders still to make, are fine.
    expect(readBuildConfig({}, ['--work-dir', 'tests']).workDir).toMatch(/\/tests$/)
    expect(readBuildConfig({}, ['--work-dir', '.build/not/made/yet']).workDir).toMatch(/\/yet$/)
  })

  it('should use the embedded CMS only without a token and without an API URL', () => {
    expect(usesEmbeddedCms({})).toBe(true)
    expect(usesEmbeddedCms({ STORYBLOK_TOKEN: 't' })).toBe(false)
    expect(usesEmbeddedCms({ STORYBLOK_API_URL: 'http://x/v2' })).toBe(false)
  })
})

import type { PrerenderResult } from './prerender.ts'

/**
 * Adds a language's prerender pass to the build's result. Its warnings are marked with the
 * language, less those the default language's pass gave for the same story (an untranslated
 * field repeats the default's problem: once is enough); unknown blocks name the story once, by
 * its path without the language's folder.
 */
export function mergeLanguagePass(result: PrerenderResult, language: string, pass: PrerenderResult): void {
  const unprefixed = (slug: string) => (slug.startsWith(`${language}/`) && slug.length > language.length + 1 ? slug.slice(language.length + 1) : slug)
  const known = new Set(result.warnings)
  result.routes.push(...pass.routes)
  result.warnings.push(...pass.warnings.filter((warning) => !known.has(warning.replaceAll(`"${language}/`, '"'))).map((warning) => `[${language}] ${warning}`))
  for (const [name, slugs] of pass.unknownBlocks) result.unknownBlocks.set(name, new Set([...(result.unknownBlocks.get(name) ?? []), ...[...slugs].map(unprefixed)]))
  for (const [route, dependencies] of pass.dependencies) result.dependencies.set(route, dependencies)
}

/**
 * When the demo space may be built (docs/behaviour.md, "The demo space"): only when nothing of a
 * real site is configured, and never over the build of another space. A misspelt or unset token
 * must stop the build with a line naming it, not publish the demo studio under a real domain.
 */
import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { readVar } from '../../cms/config.ts'
import { DEMO_ASSETS_ROUTE, demoSpace } from '../../cms/demo-space.ts'
import { readMeta } from './files/deploy.ts'

type Env = Record<string, string | undefined>

/** Settings that say a real site is meant: any Storyblok setting, or the site's public address. */
const isSiteSetting = (name: string) => name.startsWith('STORYBLOK_') || name === 'SITE_URL'

const listed = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!)

/** What stands in the way of building the demo (`embedded`: no token or API URL is set). */
export function demoProblems(env: Env, { demo, outDir }: { demo: boolean; outDir: string }, embedded: boolean): string[] {
  if (!embedded) return demo ? ['--demo builds the demo space, but STORYBLOK_TOKEN (or STORYBLOK_API_URL) is set as well: leave out one of them.'] : []
  const problems: string[] = []
  const present = Object.keys(env).filter((name) => isSiteSetting(name) && env[name] !== undefined)
  if (present.length && !demo) {
    const token = Object.hasOwn(env, 'STORYBLOK_TOKEN') ? 'STORYBLOK_TOKEN is empty' : 'STORYBLOK_TOKEN is not set'
    const set = present.filter((name) => name !== 'STORYBLOK_TOKEN' && readVar(env, name) !== undefined).sort()
    problems.push(
      `${token}${set.length ? `, but ${listed(set)} ${set.length === 1 ? 'is' : 'are'}` : ''}: without a token the build would publish the demo space in place of your site. ` +
        "Set STORYBLOK_TOKEN to your space's access token (Settings → Access Tokens) in .env or the environment, or pass --demo to build the demo space on purpose.",
    )
  }
  const other = otherSpaceBuilt(outDir)
  if (other) problems.push(`${relative(process.cwd(), outDir) || '.'}/ holds the build of ${other}, which the demo space would replace: set STORYBLOK_TOKEN to build that space, or build the demo into another folder with --out DIR.`)
  return problems
}

/** The space whose build is live in `outDir` (the link to it, or a plain folder), when it is not the demo. */
function otherSpaceBuilt(outDir: string): string | undefined {
  const meta = readMeta(outDir)
  if (!meta) return undefined
  // Builds from before the manifest named its space: the demo's build is the one with its images.
  if (meta.space === undefined) return existsSync(join(outDir, DEMO_ASSETS_ROUTE)) ? undefined : 'another space'
  return meta.space === demoSpace().id ? undefined : `space ${meta.space}`
}

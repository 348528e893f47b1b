/** The environment test processes run in. Apart from build.ts so that the global set-up can load it alone. */
import { resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '..', '..')

/** Env without any Storyblok settings of the developer's shell, plus `env`. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STORYBLOK_') && key !== 'SITE_URL'))
  return { ...base, CI: 'true', ...testCmsRate(env), ...env }
}

/**
 * A test's own CMS (cms/api/server.ts, on this machine) has no rate limit: builds against it are not
 * held to Storyblok's 5 requests a second, which tests/client.test.ts checks, unless a test says so.
 */
function testCmsRate(env: Record<string, string>): Record<string, string> {
  return env.STORYBLOK_API_URL?.startsWith('http://127.0.0.1:') ? { STORYBLOK_RATE_LIMIT: '1000' } : {}
}

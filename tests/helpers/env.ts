/** The environment test processes run in. Apart from build.ts so that the global set-up can load it alone. */
import { resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '..', '..')

/** Env without any Storyblok settings of the developer's shell, plus `env`. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STORYBLOK_') && key !== 'SITE_URL'))
  return { ...base, CI: 'true', ...env }
}

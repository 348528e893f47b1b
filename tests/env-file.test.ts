import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError } from '../cms/config.ts'
import { envFileProblems, loadEnvFile, unknownSettings } from '../scripts/engine/env-file.ts'
import { loadEnv } from '../scripts/engine/config.ts'

describe('.env', () => {
  const made: string[] = []
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('should read NAME=value lines, comments, export and quoted values as Node does, the environment winning', () => {
    const text = '# a comment\n\nexport STORYBLOK_REGION=us\nSITE_URL = "https://www.example.com"\nCONTACT_EMAIL=\'a@b.example\'\nSTORYBLOK_TOKEN=from-file\n'
    expect(envFileProblems(text)).toEqual([])
    expect(loadEnvFile({ STORYBLOK_TOKEN: 'from-env' }, text, () => {})).toMatchObject({ STORYBLOK_REGION: 'us', SITE_URL: 'https://www.example.com', CONTACT_EMAIL: 'a@b.example', STORYBLOK_TOKEN: 'from-env' })
  })

  it('should accept a quoted value that goes on over lines, and refuse a quote that never closes, naming the line', () => {
    expect(envFileProblems('A="one\ntwo"\nB=3\n')).toEqual([])
    expect(envFileProblems('SITE_URL=https://x.example\nSTORYBLOK_TOKEN="abc\n')).toEqual([
      '.env line 2: the value of STORYBLOK_TOKEN opens a quote (") that never closes. Close it, or leave the quote out.',
    ])
  })

  it('should refuse a line that is not NAME=value, naming its number', () => {
    expect(envFileProblems('STORYBLOK_TOKEN=abc\nSTORYBLOK_REGION us\n')).toEqual([
      '.env line 2 is not NAME=value: "STORYBLOK_REGION us". Fix it, or start it with # to keep it as a comment.',
    ])
    expect(() => loadEnvFile({}, 'just words\n', () => {})).toThrow(ConfigError)
  })

  it('should warn of names that look like a setting but are none, with the nearest setting', () => {
    expect(unknownSettings(['STORYBLOK_TOKN', 'SITE_ULR', 'CONTACT_MAIL', 'STORYBLOK_TOKEN', 'PATH'], '.env')).toEqual([
      'STORYBLOK_TOKN (.env) is not a setting of this project: did you mean STORYBLOK_TOKEN? It is ignored.',
      'SITE_ULR (.env) is not a setting of this project: did you mean SITE_URL? It is ignored.',
      'CONTACT_MAIL (.env) is not a setting of this project: did you mean CONTACT_EMAIL? It is ignored.',
    ])
  })

  it('should read .env from the file, warning of an unknown name in it and in the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-file-'))
    made.push(dir)
    writeFileSync(join(dir, '.env'), 'STORYBLOK_TOKN=abc\n')
    const warnings: string[] = []
    const env = loadEnv({ STORYBLOK_REGON: 'us' }, join(dir, '.env'), (warning) => warnings.push(warning))
    expect(env).toMatchObject({ STORYBLOK_TOKN: 'abc', STORYBLOK_REGON: 'us' })
    expect(warnings).toEqual([
      'STORYBLOK_TOKN (.env) is not a setting of this project: did you mean STORYBLOK_TOKEN? It is ignored.',
      'STORYBLOK_REGON (environment) is not a setting of this project: did you mean STORYBLOK_REGION? It is ignored.',
    ])
    expect(loadEnv({}, join(dir, 'missing.env'), () => {})).toEqual({})
  })
})

/** The nginx snippet every build writes for self-hosting (scripts/engine/publish/nginx.ts). */
import { describe, expect, it } from 'vitest'
import { CACHE_IMMUTABLE, headerRules } from '../scripts/engine/publish/headers.ts'
import { nginxConfig } from '../scripts/engine/publish/nginx.ts'

const config = nginxConfig({
  rules: headerRules(['https://forms.example']),
  redirects: [
    { from: '/jobs', to: '/contact/', status: 302 },
    { from: '/über', to: '/about/', status: 301 },
    { from: '/old.html', to: 'https://elsewhere.example/a"b', status: 308 },
  ],
  notFoundFolders: ['de'],
})

/** The lines of the block that starts with `location <match> {`. */
function block(match: string): string[] {
  const lines = config.split('\n')
  const start = lines.indexOf(`location ${match} {`)
  expect(start, `location ${match}`).toBeGreaterThanOrEqual(0)
  return lines.slice(start + 1, lines.indexOf('}', start)).map((line) => line.trim())
}

describe('nginxConfig', () => {
  it('should serve the compressed variants as they are, with Vary', () => {
    expect(config).toMatch(/^gzip_static on;$/m)
    expect(config).toMatch(/^brotli_static on;$/m)
    expect(config).toMatch(/^gzip_vary on;$/m)
  })

  it('should repeat the security headers in every location, since nginx keeps only the innermost add_header lines', () => {
    for (const match of ['/', '/assets/', '/builds/meta/', '= /builds/latest.json', '/de/', '= "/jobs"']) {
      expect(block(match).filter((line) => line.startsWith('add_header ')).map((line) => line.split(' ')[1])).toEqual(['Cache-Control', 'Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy'])
      expect(block(match).find((line) => line.startsWith('add_header Content-Security-Policy'))).toContain('https://forms.example')
    }
  })

  it('should make hashed assets and build metas immutable, and revalidate the rest', () => {
    expect(block('/assets/')).toContain(`add_header Cache-Control "${CACHE_IMMUTABLE}" always;`)
    expect(block('/builds/meta/')).toContain(`add_header Cache-Control "${CACHE_IMMUTABLE}" always;`)
    expect(block('/')).toContain('add_header Cache-Control "no-cache" always;')
    expect(block('= /builds/latest.json')).toContain('add_header Cache-Control "no-cache" always;')
  })

  it('should redirect both spellings of a path with its status, and quote what nginx would read otherwise', () => {
    expect(block('= "/jobs"')).toContain('return 302 "/contact/";')
    expect(block('= "/jobs/"')).toContain('return 302 "/contact/";')
    expect(block('= "/über/"')).toContain('return 301 "/about/";')
    expect(block('= "/old.html"')).toContain('return 308 "https://elsewhere.example/a\\"b";')
    expect(config).not.toContain('location = "/old.html/"')
  })

  it("should answer a missing page in a language folder with that language's 404 page", () => {
    expect(config).toMatch(/^error_page 404 \/404\.html;$/m)
    expect(block('/de/')).toContain('error_page 404 /de/404.html;')
  })

  it('should not serve the files meant for the host', () => {
    expect(block('~ ^/(_headers|_redirects|nginx\\.conf)')).toEqual(['return 404;'])
  })
})

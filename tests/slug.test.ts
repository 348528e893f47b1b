/** Which full_slugs can become a route (cms/slug.ts), and routes that differ only by case. */
import { describe, expect, it } from 'vitest'
import { slugProblem } from '../cms/slug.ts'
import { caseCollisions } from '../pages/routes.ts'

describe('slugProblem', () => {
  it('should accept slugs in any script, emoji included, and folder slugs with a trailing slash', () => {
    for (const slug of ['', 'home', 'blog/', 'blog/2025/post', 'über-uns', 'blog/六ピクセル', 'projects/🚀-launch', 'ar/كتابة', 'a.b_c~d-e']) {
      expect(slugProblem(slug), slug).toBeUndefined()
    }
  })

  it('should count bytes, not characters, at the limits', () => {
    expect(slugProblem('字'.repeat(85))).toBeUndefined()
    expect(slugProblem('🚀'.repeat(63))).toBeUndefined()
    expect(slugProblem(Array.from({ length: 4 }, () => '字'.repeat(85)).join('/'))).toBeUndefined()
    expect(slugProblem(Array.from({ length: 5 }, () => '字'.repeat(85)).join('/'))).toMatch(/longer than 1024 bytes/)
  })

  it('should give a reason for each slug that cannot be a route', () => {
    const cases: [string, RegExp][] = [
      ['a//b', /empty path segment/],
      ['a/../b', /"\.\." path segment/],
      ['./a', /"\." path segment/],
      ['%2e%2e/x', /percent sign/],
      ['a\\b', /backslash/],
      ['a\u0000b', /control character/],
      ['a b', /white space/],
      ['a?b', /\? or #/],
      ['<script>', /reserved in HTML/],
      ['k'.repeat(256), /longer than 255 bytes/],
      ['ü'.repeat(128), /longer than 255 bytes/],
      // 86 characters of three bytes: short by length, too long in bytes.
      ['字'.repeat(86), /longer than 255 bytes/],
      ['🚀'.repeat(64), /longer than 255 bytes/],
      [Array.from({ length: 20 }, () => 'x'.repeat(60)).join('/'), /longer than 1024 bytes/],
    ]
    for (const [slug, reason] of cases) expect(slugProblem(slug), JSON.stringify(slug)).toMatch(reason)
  })
})

describe('caseCollisions', () => {
  it('should warn once per pair of routes that differ only by case', () => {
    expect(caseCollisions(['/about/', '/About/', '/blog/'])).toEqual([expect.stringMatching(/^Routes \/about\/ and \/About\/ differ only by case/)])
    expect(caseCollisions(['/a/', '/b/'])).toEqual([])
  })
})

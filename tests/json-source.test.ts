import { describe, expect, it } from 'vitest'
import { memberBytes, parseJsonAnswer, takeJsonSource } from '../cms/json-source.ts'

const bytes = (value: string) => Buffer.from(value, 'utf8')
const text = (value: Buffer | undefined) => value?.toString('utf8')

/** Strings that would end a naive scan early: brackets, braces, quotes and backslashes inside them. */
const tricky = ['a}b', ']', '{"x":[1,2]}', 'quote " inside', 'backslash \\', '\\"', 'emoji ✨ and — dash', 'line\nbreak', '']

/** The bytes parseJsonAnswer recorded for each story of `answer`. */
function storySources(answer: string): (string | undefined)[] {
  const { stories } = parseJsonAnswer(bytes(answer)) as { stories: unknown[] }
  return stories.map((story) => text(takeJsonSource(story)))
}

describe('memberBytes', () => {
  it('should give the bytes of a top-level member value, whatever its kind', () => {
    const json = bytes('{"a":1,"stories":[{"id":1}],"s":"x}","t":true,"n":null,"o":{"stories":2},"f":-1.5e3}')
    expect(text(memberBytes(json, 'a'))).toBe('1')
    expect(text(memberBytes(json, 'stories'))).toBe('[{"id":1}]')
    expect(text(memberBytes(json, 's'))).toBe('"x}"')
    expect(text(memberBytes(json, 't'))).toBe('true')
    expect(text(memberBytes(json, 'n'))).toBe('null')
    expect(text(memberBytes(json, 'o'))).toBe('{"stories":2}')
    expect(text(memberBytes(json, 'f'))).toBe('-1.5e3')
  })

  it('should not take a nested member of the same name for a top-level one', () => {
    const json = bytes('{"story":{"story":{"id":2}},"stories":"not here"}')
    expect(text(memberBytes(json, 'story'))).toBe('{"story":{"id":2}}')
    expect(text(memberBytes(bytes('{"outer":{"stories":[1]}}'), 'stories'))).toBeUndefined()
  })

  it('should read keys with escapes and allow whitespace anywhere JSON does', () => {
    const json = bytes(' {\n\t"st\\u006fries" :\r\n [ 1 , 2 ] ,\n "b" : "c" }\n')
    expect(text(memberBytes(json, 'stories'))).toBe('[ 1 , 2 ]')
    expect(text(memberBytes(json, 'b'))).toBe('"c"')
  })

  it('should answer undefined for a missing member, a value that is not an object, or broken JSON', () => {
    expect(memberBytes(bytes('{"a":1}'), 'b')).toBeUndefined()
    expect(memberBytes(bytes('{}'), 'b')).toBeUndefined()
    expect(memberBytes(bytes('[{"b":1}]'), 'b')).toBeUndefined()
    expect(memberBytes(bytes('"b"'), 'b')).toBeUndefined()
    expect(memberBytes(bytes('{"a":[1,2'), 'b')).toBeUndefined()
    expect(memberBytes(bytes('{"a":"unterminated'), 'b')).toBeUndefined()
    expect(memberBytes(bytes('{"a":1 "b":2}'), 'b')).toBeUndefined()
    expect(memberBytes(bytes('{"\\x":1,"b":2}'), 'b')).toBeUndefined()
  })
})

describe('parseJsonAnswer', () => {
  const stories = [{ id: 1, uuid: 'a', content: { text: tricky } }, { id: 2, uuid: 'b', content: { stories: ['x'] } }]

  it('should give what JSON.parse gives, whatever the answer', () => {
    const answers = [
      JSON.stringify({ stories, cv: 7, rels: [], links: [] }),
      JSON.stringify({ cv: 7, stories: [], links: [{ stories: 1 }] }, null, 2),
      JSON.stringify({ story: stories[0] }),
      JSON.stringify([{ stories }]),
      ' { "stories" : [ {"id":1} , null, 3 ] , "total" : 2 } ',
      '"text"',
      'null',
    ]
    for (const answer of answers) expect(parseJsonAnswer(bytes(answer))).toEqual(JSON.parse(answer))
  })

  it('should record the bytes of the answer and of each of its stories', () => {
    const source = bytes(JSON.stringify({ stories, cv: 7 }))
    const answer = parseJsonAnswer(source) as { stories: object[] }
    expect(takeJsonSource(answer)).toBe(source)
    expect(answer.stories.map((story) => text(takeJsonSource(story)))).toEqual(stories.map((story) => JSON.stringify(story)))
  })

  it('should find the exact bytes of stories whose strings hold brackets, quotes and escapes', () => {
    const items = [{ text: tricky }, ...tricky.map((value) => ({ value })), { nested: [{ a: tricky }, [], {}] }]
    expect(storySources(JSON.stringify({ stories: items }))).toEqual(items.map((item) => JSON.stringify(item)))
    // Whatever spacing the CMS writes, none of it around a story.
    expect(storySources('{"stories":[ {"a" : 1} ,\n{ }\t]}')).toEqual(['{"a" : 1}', '{ }'])
    // Only objects have sources (a story that is not one is the crawl's to report).
    expect(storySources('{"stories":[{"a":"1\\\\"},2,null]}')).toEqual(['{"a":"1\\\\"}', undefined, undefined])
  })

  it('should take the last of two stories members, as JSON.parse does, and then record no story', () => {
    const answer = '{"stories":[{"id":1}],"cv":1,"stories":[{"id":2}]}'
    const value = parseJsonAnswer(bytes(answer)) as { stories: object[] }
    expect(value).toEqual(JSON.parse(answer))
    expect(takeJsonSource(value.stories[0])).toBeUndefined()
  })

  it("should fail with JSON.parse's own error on broken JSON", () => {
    const broken = ['', '{"stories":[{"id":1}],"cv":}', '{"stories":[{"id":1},{"id":]}', '{"stories":[1]', '{"\\x":1,"stories":[]}', '{"stories":[{"a":"]}']
    for (const answer of broken) {
      let expected: unknown
      try {
        JSON.parse(answer)
      } catch (error) {
        expected = error
      }
      expect(() => parseJsonAnswer(bytes(answer))).toThrow((expected as Error).message)
    }
  })
})

describe('takeJsonSource', () => {
  it('should hand the bytes of a parsed answer over once, and nothing for other values', () => {
    const source = bytes('{"a":1}')
    const value = parseJsonAnswer(source)
    expect(takeJsonSource(value)).toBe(source)
    expect(takeJsonSource(value)).toBeUndefined()
    expect(takeJsonSource({ a: 1 })).toBeUndefined()
    expect(takeJsonSource(1)).toBeUndefined()
    expect(takeJsonSource(null)).toBeUndefined()
  })
})

/**
 * The bytes a JSON answer was parsed from, and of each story in it. The build keeps every story
 * as the bytes the CMS sent (scripts/story-file.ts) instead of serializing the parsed story
 * again: at 5,000 stories that was 31 MB of `JSON.stringify` and UTF-8 encoding on the crawl's
 * thread, about 250 ms (docs/benchmark/profile.md, eleventh round). parseJsonAnswer finds each
 * story's bytes with a scan that does not parse, then parses the stories one by one from them,
 * which costs no more than parsing the answer whole.
 *
 * Only the build's fetch (cms/node-fetch.ts) records sources; in the browser, nothing has one.
 */

/**
 * The bytes each answer, and each story in it, was parsed from. The Storyblok client sits between
 * the build's fetch and cms/client.ts: it passes the parsed answer on, not its bytes.
 */
const sources = new WeakMap<object, Buffer>()

/** Records that `value` was parsed from `bytes` (parseJsonAnswer, for every JSON answer). */
function recordJsonSource(value: unknown, bytes: Buffer): void {
  if (typeof value === 'object' && value !== null) sources.set(value, bytes)
}

/**
 * The bytes `value` was parsed from, when the build's fetch parsed it, handed over once: the map
 * forgets them. A weak map lets go of an entry only when a garbage collection finds its object
 * dead, which for an object already in the old generation takes a full collection, and a story's
 * bytes keep its whole answer's in memory; handed over, they go once the story file wrote them.
 */
export function takeJsonSource(value: unknown): Buffer | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const source = sources.get(value)
  sources.delete(value)
  return source
}

/*
 * The scan below expects valid JSON (the text was parsed by `JSON.parse` before); anything else
 * is reported as `undefined`, never as wrong bytes.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const COLON = 0x3a
const COMMA = 0x2c

/** JSON's four whitespace bytes: space, tab, line feed, carriage return. */
function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d
}

class NotJson extends Error {}

function skipSpace(bytes: Buffer, at: number): number {
  while (isSpace(bytes[at])) at++
  return at
}

/** Just past the string whose opening quote is at `at`. */
function skipString(bytes: Buffer, at: number): number {
  const end = bytes.length
  let i = at + 1
  while (i < end) {
    const byte = bytes[i++]
    if (byte === QUOTE) return i
    if (byte === BACKSLASH) i++
  }
  throw new NotJson()
}

/** Just past the value that starts at `at`. */
function skipValue(bytes: Buffer, at: number): number {
  const first = bytes[at]
  if (first === QUOTE) return skipString(bytes, at)
  const end = bytes.length
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    // Brackets and braces nest properly in valid JSON, so one depth counts both.
    let depth = 0
    let i = at
    while (i < end) {
      const byte = bytes[i++]
      if (byte === QUOTE) {
        // The string, inline: most of a story's bytes are in strings.
        for (;;) {
          const inString = bytes[i++]
          if (inString === QUOTE) break
          if (inString === BACKSLASH) i++
          else if (inString === undefined) throw new NotJson()
        }
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++
      else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 0) return i
    }
    throw new NotJson()
  }
  // A number, true, false or null: up to the next delimiter.
  let i = at
  while (i < end && bytes[i] !== COMMA && bytes[i] !== CLOSE_OBJECT && bytes[i] !== CLOSE_ARRAY && !isSpace(bytes[i])) i++
  if (i === at) throw new NotJson()
  return i
}

/** A member's name from its quoted JSON text (escapes and all). */
function keyName(quoted: string): string {
  try {
    return JSON.parse(quoted) as string
  } catch {
    throw new NotJson()
  }
}

/** Where the value of `key` in the top-level object of `json` starts, if it has that member. */
function memberAt(json: Buffer, key: string): number | undefined {
  let i = skipSpace(json, 0)
  if (json[i] !== OPEN_OBJECT) return undefined
  i = skipSpace(json, i + 1)
  if (json[i] === CLOSE_OBJECT) return undefined
  for (;;) {
    if (json[i] !== QUOTE) return undefined
    const keyEnd = skipString(json, i)
    const name = keyName(json.toString('utf8', i, keyEnd))
    i = skipSpace(json, keyEnd)
    if (json[i] !== COLON) return undefined
    const valueAt = skipSpace(json, i + 1)
    if (name === key) return valueAt
    i = skipSpace(json, skipValue(json, valueAt))
    if (json[i] !== COMMA) return undefined
    i = skipSpace(json, i + 1)
  }
}

/** Runs `scan`, answering undefined where the text turns out not to be JSON. */
function orUndefined<T>(scan: () => T | undefined): T | undefined {
  try {
    return scan()
  } catch (error) {
    if (error instanceof NotJson) return undefined
    throw error
  }
}

/** The bytes of the value of `key` in the top-level object of `json`, if it has that member. */
export function memberBytes(json: Buffer, key: string): Buffer | undefined {
  return orUndefined(() => {
    const at = memberAt(json, key)
    return at === undefined ? undefined : json.subarray(at, skipValue(json, at))
  })
}

/**
 * The items of the JSON array at `at`, in order, each scanned once, and where the array ends (just
 * past its `]`); undefined unless it is one.
 */
function itemsAt(json: Buffer, at: number): { items: Buffer[]; end: number } | undefined {
  if (json[at] !== OPEN_ARRAY) return undefined
  const items: Buffer[] = []
  let i = skipSpace(json, at + 1)
  if (json[i] === CLOSE_ARRAY) return { items, end: i + 1 }
  for (;;) {
    const end = skipValue(json, i)
    items.push(json.subarray(i, end))
    i = skipSpace(json, end)
    if (json[i] === CLOSE_ARRAY) return { items, end: i + 1 }
    if (json[i] !== COMMA) return undefined
    i = skipSpace(json, i + 1)
  }
}

/** What stands for the stories while the rest of an answer is parsed: no API sends this string. */
const PLACEHOLDER = '\0stories'

/**
 * `JSON.parse` of an answer (the same value), recording its bytes as its source; an answer with a
 * top-level `stories` array has each story parsed from its own bytes and recorded as that story's
 * source (takeJsonSource). Story by story, the parse takes no longer than the whole answer at once
 * (its strings are smaller), so the scan that finds the stories comes at no cost: 200 answers of a
 * 5,000-story space, decoded and parsed whole 318-368 ms, found and parsed story by story 314-329.
 */
export function parseJsonAnswer(bytes: Buffer): unknown {
  const stories = orUndefined(() => {
    const at = memberAt(bytes, 'stories')
    const found = at === undefined ? undefined : itemsAt(bytes, at)
    return found && { at, ...found }
  })
  let value: unknown
  if (stories) {
    try {
      // The rest of the answer, its stories array replaced by a placeholder.
      const rest = Buffer.concat([bytes.subarray(0, stories.at), Buffer.from(JSON.stringify(PLACEHOLDER)), bytes.subarray(stories.end)])
      const answer = JSON.parse(rest.toString('utf8')) as { stories: unknown }
      // A second `stories` member, which JSON.parse would have taken, replaced the placeholder.
      if (answer.stories === PLACEHOLDER) {
        answer.stories = stories.items.map((item) => {
          const story: unknown = JSON.parse(item.toString('utf8'))
          recordJsonSource(story, item)
          return story
        })
        value = answer
      }
    } catch {
      // Not valid JSON after all: the whole text is parsed below, for JSON.parse's own error.
    }
  }
  value ??= JSON.parse(bytes.toString('utf8'))
  recordJsonSource(value, bytes)
  return value
}

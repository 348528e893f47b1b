import { describe, expect, it } from 'vitest'
import { isSearchShortcut } from '../renderer/search/shortcut.ts'

/** A keydown of `key` at an element matching `inside` (or none), as isSearchShortcut reads it. */
function keydown(key: string, inside?: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented', boolean>> = {}) {
  const target = { closest: (selector: string) => (inside && selector.split(', ').some((part) => part.startsWith(inside)) ? {} : null) }
  return { key, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, ...modifiers, target: target as unknown as EventTarget }
}

describe('the search shortcut', () => {
  it('should open search on / outside form fields', () => {
    expect(isSearchShortcut(keydown('/'))).toBe(true)
    expect(isSearchShortcut(keydown('/', 'body'))).toBe(true)
  })

  it('should leave / typed into a field, and modified or handled keys, alone', () => {
    for (const field of ['input', 'textarea', 'select', '[contenteditable]']) expect(isSearchShortcut(keydown('/', field))).toBe(false)
    expect(isSearchShortcut(keydown('/', undefined, { ctrlKey: true }))).toBe(false)
    expect(isSearchShortcut(keydown('/', undefined, { defaultPrevented: true }))).toBe(false)
    expect(isSearchShortcut(keydown('s'))).toBe(false)
  })
})

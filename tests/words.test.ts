/** The interface's own words (pages/words.ts, pages/translations.ts): complete, filled, dated. */
import { describe, expect, it } from 'vitest'
import { siteShell } from '../pages/site-shell.ts'
import { TRANSLATIONS, wordsFor } from '../pages/translations.ts'
import { ENGLISH, fill, readableDate } from '../pages/words.ts'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('words', () => {
  it('should have every word in every language, with the same placeholders as the English', () => {
    for (const [language, words] of Object.entries(TRANSLATIONS)) {
      expect(Object.keys(words).sort(), language).toEqual(Object.keys(ENGLISH).sort())
      for (const [key, english] of Object.entries(ENGLISH)) {
        const word = words[key as keyof typeof ENGLISH]
        if (Array.isArray(english)) expect(word, `${language}.${key}`).toHaveLength(english.length)
        else expect(placeholders(word as string), `${language}.${key}`).toEqual(placeholders(english))
      }
    }
  })

  it('should write dates in each language’s order, and leave a date it cannot read as it is', () => {
    expect(readableDate('2025-10-01T09:00:00.000Z')).toBe('1 October 2025')
    expect(readableDate('2025-10-01', wordsFor('de'))).toBe('1. Oktober 2025')
    expect(readableDate('2025-03-09', wordsFor('es'))).toBe('9 de marzo de 2025')
    expect(readableDate('2024-10-20', wordsFor('ar'))).toBe('20 أكتوبر 2024')
    expect(readableDate('soon')).toBe('soon')
  })

  it('should fill placeholders and leave unknown ones', () => {
    expect(fill('Thank you, {name}. {other}', { name: 'Ada' })).toBe('Thank you, Ada. {other}')
  })

  it('should find a language’s words by its primary subtag, and none for English', () => {
    expect(wordsFor('de-AT')?.menu).toBe('Menü')
    expect(wordsFor('pt-BR')?.send).toBe('Enviar')
    expect(wordsFor('en')).toBeUndefined()
    expect(wordsFor(undefined)).toBeUndefined()
  })

  it('should give a site its language’s words in the shell, and warn of a language it has none for', () => {
    expect(siteShell([], { name: 'S', language: 'fr' }).shell.words?.menu).toBe('Menu')
    expect(siteShell([], { name: 'S' }).shell).not.toHaveProperty('words')
    const { shell, warnings } = siteShell([], { name: 'S', language: 'fi' })
    expect(shell).not.toHaveProperty('words')
    expect(warnings[0]).toMatch(/^The interface has no words in "fi": its menu, dates and contact form stay in English/)
  })
})

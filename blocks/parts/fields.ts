/** Readers for loosely typed CMS fields: a wrong type reads as "empty", never as a crash. */
import type { Blok } from '../../cms/content-model.ts'

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

export function bloks(value: unknown): Blok[] {
  return Array.isArray(value)
    ? value.filter((item): item is Blok => typeof item === 'object' && item !== null && typeof item.component === 'string')
    : []
}

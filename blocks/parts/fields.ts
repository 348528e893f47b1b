/** Readers for loosely typed CMS fields: a wrong type reads as "empty", never as a crash. */
import type { Blok } from '../../cms/content-model.ts'

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** Storyblok sends number fields as strings (`"6"`, or `""` when empty). */
export function number(value: unknown): number | undefined {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''))
  return Number.isFinite(parsed) ? parsed : undefined
}

export function bloks(value: unknown): Blok[] {
  return Array.isArray(value)
    ? value.filter((item): item is Blok => typeof item === 'object' && item !== null && typeof item.component === 'string')
    : []
}

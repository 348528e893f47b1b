/**
 * Lookups of names that content or settings choose (a component, a uuid, a language code) in a
 * plain object: only the object's own entries count, so `constructor` or `__proto__` never finds
 * Object's members.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

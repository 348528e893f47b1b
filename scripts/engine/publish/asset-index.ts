/**
 * Which stories show each asset, written to the build cache for `npm start`: an `asset.replaced`
 * or `asset.deleted` webhook names an asset, and the server queues the stories that show it
 * (scripts/server/webhook.ts), whose pages and dependants the build then renders again.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { StorySummary } from '../../../pages/stories.ts'

const ASSET_INDEX_FILE = 'asset-index.json'

/** Records the stories of every language that show each asset (story ids are the same in every language). */
export function writeAssetIndex(cache: string, languages: StorySummary[][]): void {
  const index = new Map<number, Set<number>>()
  for (const summaries of languages) {
    for (const { id, assets } of summaries) for (const asset of assets ?? []) index.set(asset, (index.get(asset) ?? new Set()).add(id))
  }
  writeFileAtomic.sync(join(cache, ASSET_INDEX_FILE), JSON.stringify(Object.fromEntries([...index].map(([asset, ids]) => [asset, [...ids].sort((a, b) => a - b)]))))
}

/** The stories the last build found showing asset `id`: none when it knows of none (or has not recorded any yet). */
export function storiesShowingAsset(cache: string, id: number): number[] {
  let index: Record<string, number[]>
  try {
    index = JSON.parse(readFileSync(join(cache, ASSET_INDEX_FILE), 'utf8')) as Record<string, number[]>
  } catch {
    return []
  }
  return Object.hasOwn(index, String(id)) ? index[String(id)]! : []
}

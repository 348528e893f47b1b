/**
 * Set up for every test file (vitest.config.ts): the temporary and work folders its tests made
 * through tests/helpers/build.ts go when the file ends, whether its tests passed or failed. Hooks
 * run last-registered first, so the file's own afterAll (stopping its servers) runs before this.
 */
import { afterAll } from 'vitest'
import { removeMadeFolders } from './made.ts'

afterAll(removeMadeFolders)

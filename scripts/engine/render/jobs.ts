/**
 * What the render pool (scripts/engine/render/pool.ts), its workers (scripts/engine/render/worker.ts) and the
 * payload stage (scripts/engine/render/payload-stage.ts) hand each other: the jobs, their results and the
 * messages of a render pass. Types only, so that the three import them without a cycle.
 */
import type { Shown } from '../../../pages/payload.ts'
import type { SiteIndex } from '../../../pages/site-index.ts'
import type { SiteShell } from '../../../pages/build-contract.ts'
import type { FileRecord } from '../files/output.ts'
import type { StoryLocation } from '../content/story-store.ts'

/** A page of the site: everything the worker needs to produce it. */
export interface PageJob {
  route: string
  fullSlug: string
  /** Which page of the story's long project list (pages/pagination.ts). */
  page?: number
  story: StoryLocation
  /** Digests of the route's files already in the output (hard links to the live build). */
  existing: { html?: string; payload?: string }
}

/**
 * A batch of pages' payload stage (each story to its payload). Pages go to workers in batches:
 * one message each way per page cost the worker 85 µs a page in postMessage alone.
 */
export interface PayloadsJob {
  kind: 'payloads'
  pages: PageJob[]
}

/** A page after its payload stage: the payload as its file holds it, and what the build should hear. */
export interface StagedPage extends Omit<PageResult, 'files'> {
  route: string
  fullSlug: string
  existing: PageJob['existing']
  /** The payload's JSON, as `_payload.json` holds it. */
  payload: string
  /**
   * The page's document head (renderer/document-head.ts), made with the payload: the document
   * stage then renders only the React tree (see payloadStage).
   */
  head: string
}

/** The document stage: pages rendered from their payloads, each written as `_payload.json` and `index.html`. */
export interface DocumentsJob {
  kind: 'documents'
  pages: DocumentJob[]
}

export type DocumentJob = Pick<StagedPage, 'route' | 'fullSlug' | 'existing' | 'payload' | 'head'>

/** An error page rendered to HTML, for the main thread to write: the static 404 or 500 page. */
export interface HtmlJob {
  kind: 'html'
  status: 404 | 500
}

export interface PageResult {
  /** The page's files, written by its document worker, for the main thread's writer to count. */
  files: FileRecord[]
  unknownBlocks: string[]
  /** What the payload step removed or could not link, each naming the story. */
  warnings: string[]
  dependsOn: string[]
  listsShown: Shown
}

export type WorkerJob = PayloadsJob | DocumentsJob | HtmlJob

/** What a worker starts with (its `workerData`). */
export interface WorkerStart {
  bundleDir: string
  outRoot: string
}

/** What the pages of one render pass share: the site index and the shell (one language's site). */
export interface PassSetup {
  index: SiteIndex
  /** What every page shares, and the URL of the file that holds it (pages/shell-file.ts). */
  shell: SiteShell
  shellFile: string
}

/**
 * What every worker gets of a pass: the shell. The site index goes only to the workers that make
 * payloads (`{ index }`, before their first batch of the pass): a document renders from its payload
 * alone, and copying the index into a document worker (3 MB as a message at 5,000 stories) cost
 * the main thread its serialization and the worker, as it started, its deserialization and the
 * garbage collections that moved it to the old generation.
 */
export type WorkerPass = Omit<PassSetup, 'index'>

/** The messages a worker takes, besides its jobs. */
export type WorkerMessage = { setup: WorkerPass } | { index: SiteIndex }

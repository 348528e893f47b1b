/**
 * The production server's routes (express): the live build as `npm run preview` serves it, plus the
 * webhook endpoint, the health check and the preview proxy.
 */
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import { PREVIEW_PROXY_PATH } from '../../cms/preview-config.ts'
import { securityHeaders } from '../engine/publish/headers.ts'
import { liveSite } from './static-server.ts'
import { liveBuildId } from '../engine/files/deploy.ts'
import type { DeployStatus } from './deploy-runner.ts'
import type { BuildQueue } from './queue.ts'
import { parseEvent, siteChange, verifySignature, WEBHOOK_BODY_LIMIT } from './webhook.ts'

export interface AppOptions {
  outDir: string
  queue: BuildQueue
  /** Undefined only with --insecure-webhooks: signatures are then not checked. */
  webhookSecret?: string
  /** The preview proxy, when a preview token is configured. */
  preview?: RequestHandler
  /** Whether the next build waits in standby, its engine loaded (scripts/server/build-runner.ts). */
  standingBy?: () => boolean
  /** What the last deploy to object storage did, when the server deploys (scripts/server/deploy-runner.ts). */
  deployStatus?: () => DeployStatus
  /** The stories of the last build that show an asset (scripts/engine/publish/asset-index.ts), for asset webhooks. */
  storiesShowingAsset?: (assetId: number) => number[]
  log: (line: string) => void
}

export const WEBHOOK_PATH = '/api/webhooks/storyblok'

export function createApp({ outDir, queue, webhookSecret, preview, standingBy, deployStatus, storiesShowingAsset = () => [], log }: AppOptions): express.Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  // The server's own answers carry the security headers too; the site's files get their build's (_headers).
  const security = securityHeaders()
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value)
    next()
  })

  // The raw body: the signature is over its exact bytes.
  app.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    if (webhookSecret !== undefined && !verifySignature(body, req.get('webhook-signature'), webhookSecret)) {
      log(`Webhook refused: ${req.get('webhook-signature') ? 'wrong' : 'missing'} webhook-signature.`)
      return res.status(401).json({ error: 'Missing or wrong webhook-signature.' })
    }
    const parsed = parseEvent(body)
    if ('error' in parsed) return res.status(400).json({ error: parsed.error })
    const { event } = parsed
    const change = siteChange(event, storiesShowingAsset)
    if ('ignored' in change) return res.status(202).json({ accepted: false, reason: change.ignored })
    log(`Webhook: ${change.what}.`)
    const fullSlug = event.kind === 'story' ? event.full_slug : undefined
    queue.add(change.changes.map((id) => ({ story_id: id, action: event.action, full_slug: fullSlug, received: Date.now() })))
    return res.status(202).json({ accepted: true })
  })

  app.get('/healthz', (_req, res) => {
    res.setHeader('cache-control', 'no-store')
    res.json({ status: 'ok', build: liveBuildId(outDir) ?? null, queue: { ...queue.status(), standby: standingBy?.() ?? false }, ...(deployStatus ? { deploy: deployStatus() } : {}) })
  })

  if (preview) app.get(PREVIEW_PROXY_PATH, preview)
  else {
    app.get(PREVIEW_PROXY_PATH, (_req, res) => {
      res.status(404).json({ error: 'The preview proxy is off: set STORYBLOK_PREVIEW_TOKEN on the server.' })
    })
  }

  const site = liveSite(outDir)
  app.use((req, res) => site(req, res))

  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    const status = (error as { status?: number }).status ?? 500
    if (status === 413) return res.status(413).json({ error: `The body is larger than ${WEBHOOK_BODY_LIMIT / 1024} KB.` })
    if (status >= 400 && status < 500) return res.status(status).json({ error: (error as Error).message })
    log(`Server error: ${(error as Error).stack ?? error}`)
    return res.status(500).json({ error: 'Internal Server Error' })
  }
  app.use(errors)
  return app
}

/**
 * After a deploy, the changed URLs purged from the CDN (purge-paths.ts says which):
 * - CloudFront, through `CreateInvalidation`, when CLOUDFRONT_DISTRIBUTION_ID is set;
 * - any CDN, through PURGE_WEBHOOK_URL, which receives `{ build, paths, urls }` as JSON, signed
 *   with PURGE_WEBHOOK_SECRET in `X-Purge-Signature: sha256=<hex HMAC-SHA256 of the body>`.
 * Both retry with growing delays (the SDK's standard retries; ofetch's for the webhook); what still
 * fails is kept in the deploy manifest and purged by the next deploy.
 */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront'
import { createHmac } from 'node:crypto'
import { ofetch } from 'ofetch'
import { invalidationPaths } from './purge-paths.ts'
import { credentialsOf, DeployError } from './target.ts'

type Env = Record<string, string | undefined>

export interface Purger {
  /** For messages: "CloudFront distribution E123", "https://purge.example/hook". */
  name: string
  purge(paths: string[], build: string): Promise<void>
}

export const PURGE_SIGNATURE_HEADER = 'x-purge-signature'
const ATTEMPTS = 5

export function purgeSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

function cloudFront(distribution: string, env: Env): Purger {
  const endpoint = env.AWS_ENDPOINT_URL_CLOUDFRONT || env.AWS_ENDPOINT_URL
  // CloudFront is global: its API answers in us-east-1, whatever the bucket's region.
  const client = new CloudFrontClient({ region: 'us-east-1', ...(endpoint ? { endpoint } : {}), ...credentialsOf(env), maxAttempts: ATTEMPTS })
  return {
    name: `CloudFront distribution ${distribution}`,
    async purge(paths, build) {
      const items = invalidationPaths(paths)
      const batch = { CallerReference: `${build}-${Date.now()}`, Paths: { Quantity: items.length, Items: items } }
      await client.send(new CreateInvalidationCommand({ DistributionId: distribution, InvalidationBatch: batch }))
    },
  }
}

function webhook(url: string, secret: string, siteUrl: string | undefined, firstDelayMs: number): Purger {
  return {
    name: url,
    async purge(paths, build) {
      const body = JSON.stringify({ build, paths, urls: siteUrl ? paths.map((path) => new URL(path, siteUrl).href) : [] })
      await ofetch(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [PURGE_SIGNATURE_HEADER]: purgeSignature(body, secret) },
        timeout: 10_000,
        retry: ATTEMPTS - 1,
        retryDelay: ({ options }) => firstDelayMs * 2 ** (ATTEMPTS - 1 - (options.retry as number)),
      })
    },
  }
}

/** The purges the environment (or .env) asks for; none when neither setting is there. */
export function purgersOf(env: Env, { firstDelayMs = 1000 } = {}): Purger[] {
  const purgers: Purger[] = []
  const distribution = env.CLOUDFRONT_DISTRIBUTION_ID?.trim()
  if (distribution) purgers.push(cloudFront(distribution, env))
  const url = env.PURGE_WEBHOOK_URL?.trim()
  if (url) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new DeployError(`PURGE_WEBHOOK_URL "${url}" is not an http(s) address: give the URL your CDN's purge hook listens on.`)
    const secret = env.PURGE_WEBHOOK_SECRET
    if (!secret) throw new DeployError('PURGE_WEBHOOK_SECRET is not set, though PURGE_WEBHOOK_URL is: set it to the secret the hook checks the X-Purge-Signature header with.')
    purgers.push(webhook(url, secret, env.SITE_URL?.trim() || undefined, firstDelayMs))
  }
  return purgers
}

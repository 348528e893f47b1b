/**
 * Where `npm run deploy` publishes: `DEPLOY_TARGET=s3://bucket[/prefix]`, and the object storage
 * configured as AWS tools are (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, and
 * AWS_ENDPOINT_URL_S3 for S3-compatible storage such as Cloudflare R2 or MinIO).
 */
import type { S3ClientConfig } from '@aws-sdk/client-s3'
type Env = Record<string, string | undefined>

export interface DeployTarget {
  bucket: string
  /** Where the site's files go in the bucket: '' or a folder path ending in `/`. */
  prefix: string
  /** The target as written, for messages. */
  url: string
}

/** A setting that makes a deploy impossible, in one line that says what to do. */
export class DeployError extends Error {
  override name = 'DeployError'
}

/** Bucket names as S3 allows them (3-63 characters of lowercase letters, digits, dots and hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

export function parseTarget(value: string | undefined): DeployTarget {
  if (!value?.trim()) throw new DeployError('DEPLOY_TARGET is not set: set it to s3://bucket or s3://bucket/folder (in the environment or .env).')
  const url = value.trim()
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(url)
  if (!match) throw new DeployError(`DEPLOY_TARGET "${url}" is not an s3:// address: write it as s3://bucket or s3://bucket/folder.`)
  const [, bucket, path = ''] = match
  if (!BUCKET.test(bucket!)) throw new DeployError(`DEPLOY_TARGET "${url}" names no valid bucket ("${bucket}"): bucket names are 3-63 lowercase letters, digits, dots and hyphens.`)
  const folders = path.split('/').filter(Boolean)
  return { bucket: bucket!, prefix: folders.length ? `${folders.join('/')}/` : '', url }
}

/** The S3 client's settings from the environment (or .env): an own endpoint gets path-style addressing. */
export function clientConfig(env: Env): S3ClientConfig {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || (endpoint ? 'us-east-1' : undefined)
  if (!region) throw new DeployError('AWS_REGION is not set: set it to the bucket\'s region (us-east-1, eu-west-1, …), or AWS_ENDPOINT_URL_S3 for S3-compatible storage.')
  return { region, ...(endpoint ? { endpoint, forcePathStyle: true } : {}), ...credentialsOf(env), maxAttempts: 3 }
}

/** Keys from the environment (or .env), or none: the SDK then takes them from the AWS credential chain. */
export function credentialsOf(env: Env): Pick<S3ClientConfig, 'credentials'> {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env
  if (!accessKeyId !== !secretAccessKey) throw new DeployError(`${accessKeyId ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'} is not set, though ${accessKeyId ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY'} is: set both, or neither to use the AWS credential chain.`)
  return accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } } : {}
}

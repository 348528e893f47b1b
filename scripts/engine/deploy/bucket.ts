/**
 * The bucket as the deploy sees it, through the official AWS SDK: its objects under the target's
 * prefix, the manifest, uploads with their headers, deletes in batches; and the storage's errors
 * turned into one line that says what to do.
 */
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { DeployError, type DeployTarget } from './target.ts'
import { emptyManifest, formatManifest, MANIFEST_KEY, parseManifest, parsePending, PENDING_KEY, type DeployManifest, type SavedManifest } from './manifest.ts'
import type { ObjectHeaders } from './object-headers.ts'

/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000

interface StorageFailure {
  name?: string
  code?: string
  $metadata?: { httpStatusCode?: number }
  message?: string
}

/** The error a user can act on, for a failed request to the storage. */
export function storageError(error: unknown, target: DeployTarget, endpoint: string): Error {
  const failure = error as StorageFailure
  // Network failures come as a plain Error with Node's code (ECONNREFUSED); the storage's as named errors.
  const code = (failure.name && failure.name !== 'Error' ? failure.name : failure.code) ?? 'error'
  const status = failure.$metadata?.httpStatusCode
  if (code === 'NoSuchBucket' || (code === 'NotFound' && status === 404)) return new DeployError(`The bucket "${target.bucket}" does not exist at ${endpoint}: create it, or fix DEPLOY_TARGET.`)
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden', 'CredentialsProviderError', 'ExpiredToken'].includes(code) || status === 403 || status === 401) {
    return new DeployError(`${endpoint} refused the credentials for the bucket "${target.bucket}" (${code}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and that they may write to the bucket.`)
  }
  if (code === 'PermanentRedirect' || code === 'AuthorizationHeaderMalformed' || status === 301) {
    return new DeployError(`The bucket "${target.bucket}" is in another region than AWS_REGION says (${code}): set AWS_REGION to the bucket's region.`)
  }
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'TimeoutError', 'ECONNRESET'].includes(code) || /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT/.test(failure.message ?? '')) {
    return new DeployError(`Cannot reach ${endpoint} (${code}): check AWS_ENDPOINT_URL_S3 and AWS_REGION, and the network.`)
  }
  return new DeployError(`The storage at ${endpoint} answered ${code}${status ? ` (HTTP ${status})` : ''}: ${(failure.message ?? 'no message').replace(/\.+$/, '')}. The deploy can be run again.`)
}

export class Bucket {
  private readonly client: S3Client
  readonly endpoint: string

  constructor(
    readonly target: DeployTarget,
    config: S3ClientConfig,
  ) {
    this.client = new S3Client(config)
    this.endpoint = typeof config.endpoint === 'string' ? config.endpoint : `Amazon S3 (${String(config.region)})`
  }

  private async send<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw storageError(error, this.target, this.endpoint)
    }
  }

  private key(path: string): string {
    return `${this.target.prefix}${path}`
  }

  /** Fails with the reason when the bucket is missing or the credentials are refused. */
  async check(): Promise<void> {
    await this.send(() => this.client.send(new HeadBucketCommand({ Bucket: this.target.bucket })))
  }

  /** The objects under the prefix (the manifest and a deploy's pending list left out): path → ETag. */
  async objects(): Promise<Map<string, string>> {
    const objects = new Map<string, string>()
    let token: string | undefined
    do {
      const page = await this.send(() => this.client.send(new ListObjectsV2Command({ Bucket: this.target.bucket, Prefix: this.target.prefix || undefined, ContinuationToken: token })))
      for (const { Key, ETag } of page.Contents ?? []) {
        const path = Key!.slice(this.target.prefix.length)
        if (path !== MANIFEST_KEY && path !== PENDING_KEY) objects.set(path, ETag ?? '')
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return objects
  }

  /** One object's ETag, or undefined when there is none at `path`. */
  async etag(path: string): Promise<string | undefined> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.target.bucket, Key: this.key(path) }))).ETag ?? ''
    } catch (error) {
      if ((error as StorageFailure).name === 'NotFound' && (error as StorageFailure).$metadata?.httpStatusCode === 404) return undefined
      throw storageError(error, this.target, this.endpoint)
    }
  }

  /**
   * The manifest, with the ETag the storage gave it (none when there is no manifest yet). With
   * `known`, a copy saved earlier, the storage sends the manifest only if it is no longer that one.
   */
  async manifest(known?: SavedManifest): Promise<{ manifest: DeployManifest; etag?: string }> {
    const [read, pending] = await Promise.all([this.readManifest(known), this.pending()])
    for (const [path, hash] of pending) read.manifest.pending.set(path, hash)
    return read
  }

  private async readManifest(known?: SavedManifest): Promise<{ manifest: DeployManifest; etag?: string }> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.target.bucket, Key: this.key(MANIFEST_KEY), IfNoneMatch: known?.etag }))
      return { manifest: parseManifest(await answer.Body!.transformToString()), etag: answer.ETag }
    } catch (error) {
      // The SDK reports 304 Not Modified as an error, with no name of its own.
      if (known && (error as StorageFailure).$metadata?.httpStatusCode === 304) return { manifest: known.parsed ?? parseManifest(known.text), etag: known.etag }
      if ((error as StorageFailure).name === 'NoSuchKey') return { manifest: emptyManifest() }
      if (error instanceof SyntaxError || (error instanceof Error && error.message.startsWith('The deploy manifest'))) {
        throw new DeployError(`The deploy manifest ${this.target.url}/${MANIFEST_KEY} is unreadable (${error.message}): delete it and run npm run deploy -- --force.`)
      }
      throw storageError(error, this.target, this.endpoint)
    }
  }

  /** Saves the manifest (`text`, when it is formatted already); returns the ETag the storage gave it, with the text saved. */
  async saveManifest(manifest: DeployManifest, text = formatManifest(manifest)): Promise<SavedManifest> {
    const answer = await this.send(() => this.client.send(new PutObjectCommand({ Bucket: this.target.bucket, Key: this.key(MANIFEST_KEY), Body: text, ContentType: 'application/json', CacheControl: 'no-store' })))
    return { etag: answer.ETag ?? '', text }
  }

  /** What a deploy that did not finish was uploading: path → hash (none when every deploy finished). */
  private async pending(): Promise<Map<string, string>> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.target.bucket, Key: this.key(PENDING_KEY) }))
      return parsePending(await answer.Body!.transformToString())
    } catch (error) {
      if ((error as StorageFailure).name === 'NoSuchKey') return new Map()
      if (error instanceof SyntaxError) throw new DeployError(`${this.target.url}/${PENDING_KEY} is unreadable (${error.message}): delete it and run npm run deploy -- --force.`)
      throw storageError(error, this.target, this.endpoint)
    }
  }

  /** Says what this deploy is about to upload, before it does. */
  async savePending(pending: ReadonlyMap<string, string>): Promise<void> {
    await this.send(() => this.client.send(new PutObjectCommand({ Bucket: this.target.bucket, Key: this.key(PENDING_KEY), Body: JSON.stringify(Object.fromEntries(pending)), ContentType: 'application/json', CacheControl: 'no-store' })))
  }

  /** Once the manifest holds what the pending list named. */
  async clearPending(): Promise<void> {
    await this.send(() => this.client.send(new DeleteObjectCommand({ Bucket: this.target.bucket, Key: this.key(PENDING_KEY) })))
  }

  /** Uploads one file's bytes; returns the ETag the storage gave it. */
  async put(path: string, body: Buffer, headers: ObjectHeaders): Promise<string> {
    const answer = await this.send(() => this.client.send(new PutObjectCommand({ Bucket: this.target.bucket, Key: this.key(path), Body: body, ContentLength: body.length, ...headers })))
    return answer.ETag ?? ''
  }

  async delete(paths: string[]): Promise<void> {
    for (let at = 0; at < paths.length; at += DELETE_BATCH) {
      const Objects = paths.slice(at, at + DELETE_BATCH).map((path) => ({ Key: this.key(path) }))
      const answer = await this.send(() => this.client.send(new DeleteObjectsCommand({ Bucket: this.target.bucket, Delete: { Objects, Quiet: true } })))
      const failed = answer.Errors ?? []
      if (failed.length) throw new DeployError(`The storage kept ${failed.length} objects it was asked to delete (first: ${failed[0]!.Key}, ${failed[0]!.Code}): run the deploy again.`)
    }
  }

  close(): void {
    this.client.destroy()
  }
}

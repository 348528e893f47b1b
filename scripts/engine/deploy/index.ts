/**
 * After publish, deploy: the live build published to S3-compatible object storage.
 *
 * In: the live build of an output folder and a target (`s3://bucket[/prefix]`, the AWS settings).
 * Out: the bucket holding that build, uploaded in a safe order with each object's headers, the
 * deploy manifest that says what the next deploy can skip, old objects deleted after a grace
 * period, and the changed URLs purged from the CDN.
 */
export { deploySite, reportOf, type DeployJob, type DeployReport, type DeployResult } from './deploy-site.ts'
export { DEFAULT_GRACE_MS } from './plan.ts'
export { purgersOf, PURGE_SIGNATURE_HEADER, purgeSignature, type Purger } from './purge.ts'
export { clientConfig, DeployError, parseTarget } from './target.ts'
export { readAhead } from './quick-check.ts'

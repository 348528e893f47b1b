/**
 * `npm run deploy [-- --out DIR] [--dry-run] [--force] [--quick] [--grace-hours N]`: publishes the
 * live build to `DEPLOY_TARGET` (s3://bucket[/prefix]), uploading only what changed
 * (scripts/engine/deploy/). `--quick` checks only the objects it touches
 * (scripts/engine/deploy/quick-check.ts).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError } from '../cms/config.ts'
import { loadEnv } from './engine/config.ts'
import { formatBytes } from './engine/report/progress.ts'
import { clientConfig, DEFAULT_GRACE_MS, deploySite, DeployError, parseTarget, purgersOf, readAhead, reportOf, type DeployJob, type DeployReport } from './engine/deploy/index.ts'
import { awaitJob, STANDBY_FLAG } from './engine/standby.ts'

const USAGE = 'Usage: npm run deploy [-- --out DIR] [--dry-run] [--force] [--quick] [--grace-hours N]'
const count = (n: number, what: string) => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`
/** Under `npm start` (scripts/server/deploy-runner.ts), the outcome also goes to the server. */
const tell = (report: DeployReport) => new Promise<void>((resolve) => (process.send ? process.send(report, () => resolve()) : resolve()))

const OPTIONS = { out: { type: 'string', default: 'dist' }, 'dry-run': { type: 'boolean', default: false }, force: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, 'grace-hours': { type: 'string' } } as const

/** The last manifest's copy for the output folder and target `args` and the settings name, if there is one to read ahead. */
function manifestAhead(args: string[]) {
  try {
    const { values } = parseArgs({ args, options: OPTIONS, strict: false })
    return readAhead(resolve(String(values.out)), parseTarget(loadEnv(process.env, resolve('.env'), () => {}).DEPLOY_TARGET).url)
  } catch {
    return undefined // the deploy itself says what is wrong
  }
}

// Under npm start the process starts ahead, its modules loaded and the last manifest read, and waits for the go with the rest of its arguments.
const argv = process.argv.slice(2).filter((arg) => arg !== STANDBY_FLAG)
const standby = process.argv.includes(STANDBY_FLAG)
const known = standby ? manifestAhead(argv) : undefined
const job = standby ? await awaitJob<DeployJob>() : { args: [] }
if (!job) process.exit(0)
const started = performance.now()

try {
  const { values } = parseArgs({ args: [...argv, ...job.args], options: OPTIONS })
  const hours = values['grace-hours'] === undefined ? undefined : Number(values['grace-hours'])
  if (hours !== undefined && !(hours >= 0)) throw new DeployError(`--grace-hours "${values['grace-hours']}" is not a number of hours: give one such as 24, or 0 to delete at once.`)
  const env = loadEnv()
  const target = parseTarget(env.DEPLOY_TARGET)
  const dryRun = values['dry-run']!
  const result = await deploySite({
    outDir: resolve(values.out!),
    target,
    client: clientConfig(env),
    dryRun,
    force: values.force!,
    quick: values.quick!,
    known,
    graceMs: hours === undefined ? DEFAULT_GRACE_MS : hours * 3_600_000,
    purgers: purgersOf(env),
    // Only AWS S3 serves website redirects; an own endpoint (R2, MinIO) gets none.
    websiteRedirects: !(env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL),
    log: (line) => console.log(line),
  })
  const { build, plan, uploadedBytes, purged } = result
  const what = `${count(plan.uploads.length, 'file')} (${formatBytes(uploadedBytes)}), ${count(plan.unchanged, 'file')} unchanged, ${count(plan.deletes.length, 'object')} deleted, ${count(plan.held.size, 'object')} kept for open tabs${purged ? `, ${count(purged, 'URL')} purged` : ''}`
  if (!dryRun) await tell(reportOf(result, (performance.now() - started) / 1000))
  console.log(dryRun ? `Dry run: deploying build ${build} to ${target.url} would upload ${what.replace(' deleted', ' to delete')}.` : `Deployed build ${build} to ${target.url}: uploaded ${what}.`)
  if (process.connected) process.disconnect()
} catch (error) {
  const known = error instanceof DeployError || error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  const line = known ? (error as Error).message : `Deploy failed: ${(error as Error).message}. The deploy can be run again.`
  await tell({ deployFailed: line })
  console.error(line)
  if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(USAGE)
  process.exit(1)
}

// A local S3-protocol server (s3rver) for bench:publish, in a process of its own. s3rver 3.7 makes
// its listing continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider: the
// bench starts this with --openssl-legacy-provider, or no listing past 1,000 objects would work.
import S3rver from 's3rver'

const [directory, bucket] = process.argv.slice(2)
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
const { port } = await server.run()
process.stdout.write(`${port}\n`)
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)))

/**
 * Binds a server to its port before the command starts anything else, so that a busy port is one
 * line and exit 1, never a stack trace, a server half started or a log that claims to serve.
 */
import type { Server } from 'node:net'

/** The `--port` value as a port number, or the command ends with one line and exit 1. */
export function portOrExit(value: string | undefined): number {
  const port = Number(value)
  if (Number.isInteger(port) && port >= 0 && port <= 65535) return port
  process.stderr.write(`--port "${value}" is not a port number (0-65535).\n`)
  process.exit(1)
}

/** Resolves with the port bound (the one the system chose for port 0). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error)
    server.once('error', failed)
    server.listen(port, host, () => {
      server.off('error', failed)
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}

/** The one line for a server that could not bind: which port, and what to do. */
export function listenProblem(error: NodeJS.ErrnoException, port: number, host: string): string {
  if (error.code === 'EADDRINUSE') return `Port ${port} on ${host} is already in use (another server is running there): stop it, or choose another port with --port N (or PORT=N).`
  if (error.code === 'EACCES') return `Port ${port} on ${host} needs privileges this user lacks: choose a port above 1023 with --port N (or PORT=N).`
  return `Cannot serve on ${host}:${port}: ${error.message}`
}

/** listen(), or the command ends with listenProblem's line and exit 1. */
export async function listenOrExit(server: Server, port: number, host: string): Promise<number> {
  try {
    return await listen(server, port, host)
  } catch (error) {
    process.stderr.write(`${listenProblem(error as NodeJS.ErrnoException, port, host)}\n`)
    process.exit(1)
  }
}

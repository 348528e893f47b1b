import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { siteFetch } from '../renderer/client/fetch.ts'

let server: Server
let base: string
let statuses: number[] = []
let hits = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    const status = statuses[hits++] ?? 200
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ status }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  hits = 0
})

describe('site fetch (payloads, manifests)', () => {
  for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
    it(`should retry a GET once after ${status}`, async () => {
      statuses = [status, 200]
      expect(await siteFetch(`${base}/_payload.json`)).toEqual({ status: 200 })
      expect(hits).toBe(2)
    })
  }

  it('should give up after one retry', async () => {
    statuses = [503, 503, 200]
    await expect(siteFetch(`${base}/_payload.json`)).rejects.toMatchObject({ status: 503 })
    expect(hits).toBe(2)
  })

  it('should retry once after a network error', async () => {
    const closed = createServer((req, res) => {
      res.socket?.destroy()
    })
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    let tries = 0
    closed.on('connection', () => tries++)
    try {
      await expect(siteFetch(`http://127.0.0.1:${(closed.address() as AddressInfo).port}/_payload.json`)).rejects.toThrow()
      expect(tries).toBe(2)
    } finally {
      await new Promise<void>((resolve) => closed.close(() => resolve()))
    }
  })

  it('should not retry other statuses, nor methods with a body', async () => {
    statuses = [404, 200]
    await expect(siteFetch(`${base}/_payload.json`)).rejects.toMatchObject({ status: 404 })
    expect(hits).toBe(1)
    hits = 0
    statuses = [503, 200]
    await expect(siteFetch(`${base}/api`, { method: 'POST', body: JSON.stringify({ a: 1 }) })).rejects.toMatchObject({ status: 503 })
    expect(hits).toBe(1)
  })
})

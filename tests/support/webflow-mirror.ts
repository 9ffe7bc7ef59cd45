/**
 * Shared steps of the Webflow mirror tests (in process, tests/api/webflow.test.ts, and through netlify
 * dev's background functions, tests/netlify-dev/webflow.test.ts): the fake Webflow, calls that remember every
 * answer (to check the token never leaves the server), and waits for a record's mirror state.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { expect } from 'vitest'

import { mediaPageSchema, uploadResponseSchema } from '../../src/contract/api'
import type { MediaRecord } from '../../src/contract/record'
import { WebflowFake, type ReceivedRequest } from './webflow-fake'
import { api, type ApiResponse, type RequestBody } from './api-client'
import type { Bytes } from './tus-client'

export const COLLECTION = '6258f5b4fc2e1c4e5d3a1c3d'

export const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

export async function fixture(name: string): Promise<Bytes> {
  return new Uint8Array(await readFile(new URL(`../fixtures/media/${name}`, import.meta.url)))
}

/** The functions' Webflow settings pointing at the fake behind `apiUrl`: the full set. */
export function mirrorSettings(fake: WebflowFake, apiUrl: string): Record<string, string> {
  return {
    WEBFLOW_API_TOKEN: fake.token,
    WEBFLOW_API_URL: apiUrl,
    WEBFLOW_SITE_ID: fake.siteId,
    WEBFLOW_COLLECTION_ID: COLLECTION,
  }
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** A client of one server (`baseUrl()` is read at each call) that keeps every answer's text. */
export function mirrorClient(fake: WebflowFake, baseUrl: () => string) {
  const answers: string[] = []

  async function call<T = unknown>(
    method: Method,
    path: string,
    body?: RequestBody,
  ): Promise<ApiResponse<T>> {
    const response = await api<T>(method, `${baseUrl()}${path}`, body)
    answers.push(response.text)
    return response
  }

  async function upload(fields: Record<string, unknown>): Promise<MediaRecord> {
    const response = await call('POST', '/api/upload', fields)
    expect(response.status, response.text).toBe(201)
    const parsed = uploadResponseSchema.parse(response.body)
    if (!parsed.success) throw new Error(parsed.error)
    return parsed.record
  }

  async function recordOn(id: number): Promise<MediaRecord | undefined> {
    const response = await call('GET', '/api/media?limit=500')
    expect(response.status, response.text).toBe(200)
    return mediaPageSchema.parse(response.body).records.find((record) => record.id === id)
  }

  async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 45_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const value = await probe()
      if (value !== undefined) return value
      if (Date.now() > deadline) {
        throw new Error(
          `${what} did not happen within ${String(timeoutMs)} ms; Webflow saw:\n${fake.calls().join('\n')}`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** Waits until the record's mirror reaches `state`, and returns the record. */
  function syncState(id: number, state: string): Promise<MediaRecord> {
    return eventually(`record ${String(id)} reaching ${state}`, async () => {
      const record = await recordOn(id)
      return record?.webflow?.state === state ? record : undefined
    })
  }

  function sawRequest(method: string, path: string): Promise<ReceivedRequest> {
    return eventually(`${method} ${path}`, () =>
      Promise.resolve(fake.received.find((request) => request.method === method && request.path === path)),
    )
  }

  return { answers, call, upload, recordOn, syncState, sawRequest }
}

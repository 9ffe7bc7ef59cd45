import { describe, expect, it } from 'vitest'

import { API_DESCRIPTION } from '../../../src/contract/api-description'

const endpoints = Object.entries(API_DESCRIPTION)
const operations = endpoints.flatMap(([name, endpoint]) =>
  Object.entries(endpoint.operations).map(([method, operation]) => ({
    where: `${method} ${name}`,
    operation,
  })),
)

describe('API_DESCRIPTION', () => {
  it("gives examples its own schemas take: each request body's and each answer's", () => {
    let checked = 0
    for (const { where, operation } of operations) {
      const body = operation.body
      if (body && 'schema' in body) {
        expect(body.schema.safeParse(body.example).error, `${where} request`).toBeUndefined()
        checked++
      }
      for (const [status, answer] of Object.entries(operation.answers)) {
        if (!answer.schema || answer.example === undefined) continue
        expect(answer.schema.safeParse(answer.example).error, `${where} ${status}`).toBeUndefined()
        checked++
      }
    }
    expect(checked).toBeGreaterThan(30)
  })

  it('gives examples of path parameters, query parameters and headers their schemas take', () => {
    const parameters = [
      ...endpoints.flatMap(([name, endpoint]) =>
        Object.entries(endpoint.parameters ?? {}).map(([part, parameter]) => ({
          where: `${name} ${part}`,
          parameter,
        })),
      ),
      ...operations.flatMap(({ where, operation }) =>
        Object.entries({ ...operation.query, ...operation.headers }).map(([part, parameter]) => ({
          where: `${where} ${part}`,
          parameter,
        })),
      ),
    ]
    for (const { where, parameter } of parameters) {
      if (parameter.example === undefined) continue
      expect(parameter.schema.safeParse(parameter.example).error, where).toBeUndefined()
    }
  })
})

import { describe, expect, it } from 'vitest'
import * as z from 'zod'

import { imageUrl, imageVersion } from '../../../src/contract/image-settings'
import {
  describeIssue,
  mediaRecordSchema,
  recordCreateSchema,
  recordPatchSchema,
} from '../../../src/contract/record'
import { patchFields } from '../../../src/contract/record-patch'
import { listedRecord } from '../../support/listed-record'

function problem(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input)
  return result.success ? null : describeIssue(result.error)
}

const createProblem = (fields: Record<string, unknown>) =>
  problem(recordCreateSchema, { media_url: '/api/files/a/a.png', ...fields })

describe('focal_point, crop and rotate', () => {
  it('are taken on create and update, and null stands for none', () => {
    const fields = {
      focal_point: { x: 0.25, y: 1 },
      crop: { x: 0, y: 0.5, width: 1, height: 0.5 },
      rotate: 270,
    }
    expect(recordCreateSchema.parse({ media_url: '/a.png', ...fields })).toMatchObject(fields)
    expect(recordPatchSchema.parse(fields)).toEqual(fields)
    expect(recordPatchSchema.parse({ crop: null })).toEqual({ crop: null })
    expect(recordPatchSchema.parse({ rotate: 0 })).toEqual({ rotate: 0 })
  })

  it('refuse what lies outside 0..1 or outside the image, with a sentence naming the field', () => {
    expect(createProblem({ focal_point: { x: 1.5, y: 0 } })).toBe('focal_point.x must be between 0 and 1')
    expect(createProblem({ focal_point: { x: 0.5 } })).toBe('focal_point.y is required')
    expect(createProblem({ focal_point: 'centre' })).toBe('focal_point must be an object')
    expect(createProblem({ crop: { x: 0.5, y: 0, width: 0.6, height: 1 } })).toBe(
      'crop must lie inside the image: x + width and y + height must be at most 1',
    )
    expect(createProblem({ crop: { x: 0, y: 0, width: 0, height: 1 } })).toBe(
      'crop.width must be more than 0',
    )
    expect(createProblem({ crop: { x: -0.1, y: 0, width: 0.5, height: 1 } })).toBe(
      'crop.x must be between 0 and 1',
    )
    expect(createProblem({ crop: { x: 0, y: 0, width: '1', height: 1 } })).toBe('crop.width must be a number')
    expect(problem(recordPatchSchema, { rotate: 45 })).toBe('rotate must be 0, 90, 180 or 270')
    expect(problem(recordPatchSchema, { rotate: '90' })).toBe('rotate must be 0, 90, 180 or 270')
  })

  it('allow a crop edge a hair past 1 from the rounding of fractions', () => {
    expect(createProblem({ crop: { x: 0.1, y: 0.7, width: 0.9, height: 0.3 } })).toBeNull()
  })

  it('are applied by the patch rule: left out kept, null or a rotation of 0 removed', () => {
    const record = patchFields(listedRecord(1), {
      focal_point: { x: 0.1, y: 0.2 },
      crop: { x: 0, y: 0, width: 0.5, height: 1 },
      rotate: 90,
    })
    expect(record).toMatchObject({ focal_point: { x: 0.1, y: 0.2 }, rotate: 90 })
    expect(patchFields(record, { title: 'Kept' })).toMatchObject({ rotate: 90, crop: { width: 0.5 } })
    const cleared = patchFields(record, { crop: null, rotate: 0 })
    expect(cleared).not.toHaveProperty('crop')
    expect(cleared).not.toHaveProperty('rotate')
    expect(cleared.focal_point).toEqual({ x: 0.1, y: 0.2 })
  })

  it('are absent on a record stored before they existed', () => {
    const record = mediaRecordSchema.parse(listedRecord(1))
    expect(record).not.toHaveProperty('focal_point')
    expect(record).not.toHaveProperty('crop')
    expect(record).not.toHaveProperty('rotate')
  })
})

describe('imageUrl', () => {
  const record = { id: 7, media_url: '/api/files/x/a.png', rotate: 90 as const }

  it('names the record, the parameters given and the version of its file and settings', () => {
    expect(imageUrl(record, { w: 640, fm: 'webp' })).toBe(
      `/api/image/7?w=640&fm=webp&v=${imageVersion(record)}`,
    )
  })

  it('gives a new version when a setting or the file changes, and the same one otherwise', () => {
    const version = imageVersion(record)
    expect(imageVersion({ ...record })).toBe(version)
    expect(imageVersion({ ...record, rotate: 180 })).not.toBe(version)
    expect(imageVersion({ ...record, crop: { x: 0, y: 0, width: 1, height: 0.5 } })).not.toBe(version)
    expect(imageVersion({ ...record, focal_point: { x: 0.5, y: 0.5 } })).not.toBe(version)
    expect(imageVersion({ ...record, media_url: '/api/files/y/a.png' })).not.toBe(version)
  })
})

import { describe, expect, it } from 'vitest'

import { parseImageQuery, requestOf } from '../../../../netlify/server/images/image-query'
import { CARD_PICTURE_WIDTHS } from '../../../../src/contract/access'
import {
  COPY_WIDTHS,
  IMAGE_FORMATS,
  imageQuery,
  PREVIEW_SIZE,
} from '../../../../src/contract/image-renditions'
import { imageUrl } from '../../../../src/contract/image-settings'
import { cardPictureSrcSet, thumbnailSrc } from '../../../../src/features/library/model/thumbnail'
import { copyUrl, imgTag } from '../../../../src/features/preview/model/image-adjust'
import { listedRecord } from '../../../support/listed-record'

const record = listedRecord(4, {
  file_type: 'image/jpeg',
  media_url: '/api/files/abc/photo.jpg',
  width: 4000,
  height: 3000,
  rotate: 90,
})

/** The query of every `/api/image` URL in `text`, parsed as the function parses it. */
function parsedQueries(text: string) {
  const urls = text.replace(/&amp;/g, '&').match(/\/api\/image\/\d+\?[^\s"]+/g) ?? []
  return urls.map((url) => {
    const params = new URL(url, 'https://site.test').searchParams
    const query = parseImageQuery(params)
    // The function renders only a URL written exactly as the app writes it.
    expect(`?${imageQuery(requestOf(query), query.v ?? '')}`).toBe(url.slice(url.indexOf('?')))
    return query
  })
}

describe('the renditions the function serves', () => {
  it('are every URL the app builds: cards, preview, copies in every format, the ready <img>', () => {
    const built = [
      thumbnailSrc(record) ?? '',
      cardPictureSrcSet(record) ?? '',
      imageUrl(record, PREVIEW_SIZE),
      imageUrl(record),
      ...IMAGE_FORMATS.flatMap((format) => [
        copyUrl(record, 'https://site.test', null, format),
        ...COPY_WIDTHS.map((width) => copyUrl(record, 'https://site.test', width, format)),
        imgTag(record, 'https://site.test', 640, format),
      ]),
    ]
    const queries = parsedQueries(built.join('\n'))
    expect(queries.length).toBeGreaterThan(1 + CARD_PICTURE_WIDTHS.length + 2 + IMAGE_FORMATS.length * 5)
  })

  it("takes the function URL's own id only where it is allowed", () => {
    const params = new URLSearchParams('id=4&w=320&v=abc')
    expect(() => parseImageQuery(params)).toThrow('Unknown parameter "id"')
    expect(parseImageQuery(params, ['id'])).toMatchObject({ w: 320, h: null, fit: 'contain', fm: 'auto' })
  })
})

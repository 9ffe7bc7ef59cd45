/**
 * The server's pages as every engine takes them in: fetched one at a time, decoded by the contract's own
 * decoder, and each record's search text, title key, category, folder and date derived by the screen's
 * own MediaIndex (so every engine searches and sorts exactly as the screen does today).
 */
import { type MediaPagesAnswer } from '../../../src/contract/media-pages.ts'
import { decodeMediaPage } from '../../../src/contract/media-page-codec.ts'
import type { MediaRecord } from '../../../src/contract/record.ts'
import { MediaIndex } from '../../../src/features/library/engine/media-index.ts'
import { searchTextOf } from '../../../src/features/library/model/record-columns.ts'
import { titleSortKey } from '../../../src/contract/title-key.ts'

export interface DerivedPage {
  records: MediaRecord[]
  haystacks: readonly string[]
  titleKeys: readonly string[]
  categories: readonly string[]
  folders: readonly string[]
  created: readonly number[]
}

export function pageUrl(size: number, page: number): string {
  return `/api/media-pages/${String(size)}/${String(page)}`
}

export function derive(records: MediaRecord[]): DerivedPage {
  const index = new MediaIndex(records)
  return {
    records,
    haystacks: records.map(searchTextOf),
    titleKeys: records.map((record) => titleSortKey(record.title)),
    categories: index.categories,
    folders: index.folders,
    created: index.created,
  }
}

/** Every page of a library of `size` records, decoded and derived, one at a time. */
export async function* pagesOf(size: number, pages: number): AsyncGenerator<DerivedPage> {
  for (let page = 0; page < pages; page++) {
    const answer = (await (await fetch(pageUrl(size, page))).json()) as MediaPagesAnswer
    yield derive(decodeMediaPage(answer))
  }
}

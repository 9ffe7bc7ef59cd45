/**
 * Values the records decoded together share, so a library held whole (the library worker's, a million
 * files) holds each once (decision 0088). Used by both decoders of many records: a page's
 * (`decodeMediaPage`) and the kept rows' (`recordsOfRows`). Records are values: a change makes a new
 * record with new lists, never edits one in place, so one list may stand for every record with the
 * same tags.
 */
export class SharedValues {
  private readonly strings = new Map<string, string>()
  private readonly tagLists = new Map<string, string[]>()

  /** The string equal to `value` given before, or `value`: for the fields whose values repeat. */
  string(value: string): string {
    const known = this.strings.get(value)
    if (known !== undefined) return known
    this.strings.set(value, value)
    return value
  }

  /** The list of these tags given before (most records share theirs with many others), or `tags`. */
  tags(tags: string[]): string[] {
    const key = tags.join('\u0000')
    const known = this.tagLists.get(key)
    if (known !== undefined && sameList(known, tags)) return known
    this.tagLists.set(key, tags)
    return tags
  }
}

/** Whether two lists hold the same strings in the same order. */
export function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value, i) => value === right[i])
}

/**
 * The public id as a piece of the media URL, which holds it for every Cloudinary asset
 * (`.../upload/v1/{public_id}.{format}`): engines keep such a piece as a view of the URL's characters
 * (V8: of 13 characters or more) rather than a string of its own, about 47 bytes a record less. The
 * public id as given when the URL does not hold it.
 */
export function publicIdInUrl(mediaUrl: string, publicId: string): string {
  const at = mediaUrl.lastIndexOf(publicId)
  return at === -1 ? publicId : mediaUrl.slice(at, at + publicId.length)
}

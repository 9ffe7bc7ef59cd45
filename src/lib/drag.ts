/** The drag payload type for files (a JSON array of ids): cards and rows set it, folders accept it. */
export const FILE_DRAG_TYPE = 'application/x-media-file-ids'

/** The file ids a drop carries, or null when the drag is not of files from this screen. */
export function draggedFileIds(data: DataTransfer): number[] | null {
  const raw = data.getData(FILE_DRAG_TYPE)
  if (!raw) return null
  try {
    const ids: unknown = JSON.parse(raw)
    return Array.isArray(ids) && ids.every((id) => Number.isSafeInteger(id)) ? (ids as number[]) : null
  } catch {
    return null
  }
}

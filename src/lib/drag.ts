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

/** The drag payload type for a folder (its id): folder rows and tiles set it, other folders accept it. */
export const FOLDER_DRAG_TYPE = 'application/x-media-folder-id'

export function setDraggedFolder(data: DataTransfer, id: number): void {
  data.setData(FOLDER_DRAG_TYPE, String(id))
  data.effectAllowed = 'move'
}

/** The folder id a drop carries, or null when the drag is not of a folder from this screen. */
export function draggedFolderId(data: DataTransfer): number | null {
  const id = Number(data.getData(FOLDER_DRAG_TYPE) || Number.NaN)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** Whether a drag brings files or a folder of this screen (its payload is readable only on drop). */
export function carriesScreenItems(data: DataTransfer): boolean {
  return data.types.includes(FILE_DRAG_TYPE) || data.types.includes(FOLDER_DRAG_TYPE)
}

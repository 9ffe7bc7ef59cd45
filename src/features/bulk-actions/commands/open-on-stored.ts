import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import type { FileCommandServices } from '../../commands'
import { NO_FILES_SELECTED, storedIds } from '../model/bulk-operations'

/** Opens a bulk command's dialog, unless none of the files is stored (the sample files after a failed load). */
export function openOnStored(services: FileCommandServices, name: string, targets: readonly MediaRecord[]) {
  if (storedIds(targets).length === 0) toast.error(NO_FILES_SELECTED)
  else services.open(name, targets)
}

import { useCallback, useMemo, useState } from 'react'

import { toast } from '../components/ui/toast'
import { ROOT_PATH } from '../contract/folder-paths'
import type { ImageSettingsPatchFields } from '../contract/image-settings'
import type { MediaRecord } from '../contract/record'
import type { FolderAt } from '../features/bulk-actions/model/bulk-operations'
import { updateFile } from '../features/edit-file/api/update-file'
import { titleProblem } from '../features/edit-file/model/title-problem'
import { useFolders } from '../features/folders/api/get-folders'
import { createRenameState, type Renaming } from '../features/library/components/inline-rename'
import { useAccess } from '../lib/access'
import { errorMessage } from '../lib/api-errors'
import { copyText } from '../lib/clipboard'
import { NO_CHANGE, withPatch, withRecords, type MediaCache } from '../lib/record-changes'
import {
  copiedMessage,
  COPY_FAILED,
  COPY_FAILED_HINT,
  fileLinks,
  NO_LINK_TO_COPY,
  signInHint,
} from '../lib/share-links'

/** A folder path as a move target, for Undo of a move: the top level, or a folder the server listed. */
export function useFolderAt(): FolderAt {
  const { data: folders } = useFolders()
  return useCallback(
    (path: string) => {
      if (path === ROOT_PATH || path === '') return { path: ROOT_PATH, folderId: null }
      const folder = folders?.find((each) => each.path === path)
      return folder && { path: folder.path, folderId: folder.id }
    },
    [folders],
  )
}

/** Inline rename of a title: saved through the Edit dialog's update, with its rule and its messages. */
export function useRenaming(cache: MediaCache): Renaming {
  const [state] = useState(createRenameState)
  return useMemo(
    () => ({
      state,
      problem: titleProblem,
      save: (record: MediaRecord, title: string) => {
        cache
          .change(
            () => updateFile(record.id, { title }),
            withPatch([record.id], { title }),
            (saved) => withRecords([saved]),
          )
          .then(
            () => {
              toast.success('File updated successfully!')
            },
            (error: unknown) => {
              toast.error(`Error updating file: ${errorMessage(error, 'Network error')}`)
            },
          )
      },
    }),
    [state, cache],
  )
}

/**
 * Copy link: each file's absolute address, one a line. Behind a closed access gate the built-in host's
 * links need the visitor's sign-in, and the toast says so (docs in README.md, Copy link).
 */
export function useCopyLinks() {
  const { gate } = useAccess()
  return useCallback(
    (records: readonly MediaRecord[]) => {
      const links = fileLinks(records, { origin: window.location.origin, gateClosed: gate === 'closed' })
      if (links === null) {
        toast.error(NO_LINK_TO_COPY)
        return
      }
      copyText(links.text).then(
        () => {
          toast.success(copiedMessage(links), {
            description: links.needsSignIn ? signInHint(links) : undefined,
          })
        },
        () => {
          toast.error(COPY_FAILED, { description: COPY_FAILED_HINT })
        },
      )
    },
    [gate],
  )
}

/**
 * Saves an image's crop, rotation or focal point (Details' controls) through the update call, with a
 * toast if the server refuses. The record changes only with the server's answer, not before: the
 * pictures' `/api/image` URLs carry the settings' version, and one asked for before the server stored
 * the settings would show the old picture under the new URL.
 */
export function useAdjustImage(cache: MediaCache) {
  return useCallback(
    (record: MediaRecord, fields: ImageSettingsPatchFields) => {
      cache
        .change(
          () => updateFile(record.id, fields),
          NO_CHANGE,
          (saved) => withRecords([saved]),
        )
        .catch((error: unknown) => {
          toast.error(`Error updating file: ${errorMessage(error, 'Network error')}`)
        })
    },
    [cache],
  )
}

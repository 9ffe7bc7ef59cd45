import { useCallback } from 'react'

import { toast } from '../../components/ui/toast'
import type { MediaRecord } from '../../contract/record'
import { useAccess } from '../../lib/access'
import { copyText } from '../../lib/clipboard'
import {
  copiedMessage,
  COPY_FAILED,
  COPY_FAILED_HINT,
  fileLinks,
  NO_LINK_TO_COPY,
  signInHint,
} from '../../lib/share-links'

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

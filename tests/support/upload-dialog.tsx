import { configure, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast, Toaster } from 'sonner'
import { beforeAll, vi } from 'vitest'

import { loadEveryLazyPart } from '../../src/components/ui/lazy-load'
import type { MediaRecord } from '../../src/contract/record'
import { UploadButton, type UploadButtonProps } from '../../src/features/upload/components/upload-button'
import { listedRecord } from './listed-record'
import { testServices } from './upload-services'

// Uploads go through the real handlers; on a busy machine a batch can take longer than the default 1 s.
configure({ asyncUtilTimeout: 15_000 })

// The dialog loads on first use, as on the screen. Its modules are transformed on the spot the first
// time, which on a busy machine outlasts a wait: every file using this support loads them up front, and
// with them every lazy part the dialog uses (its folder select), as the screen's tests do
// (screen-render.tsx). A press on a part still loading is stand-in.test.tsx's subject, not these files'.
beforeAll(async () => {
  await import('../../src/features/upload/components/upload-dialog')
  await loadEveryLazyPart()
}, 120_000)

/** The Upload button as the toolbar shows it; its dialog loads lazily, as on the screen. */
export function renderUploadDialog(props: Partial<UploadButtonProps> = {}) {
  // Toasts live in a module-wide store that a new Toaster replays; start each test without old ones.
  toast.dismiss()
  const onUploaded = vi.fn()
  const user = userEvent.setup()
  const view = render(
    <>
      <UploadButton
        findDuplicate={() => null}
        currentFolderPath="/"
        onUploaded={onUploaded}
        services={testServices()}
        {...props}
      />
      <Toaster />
    </>,
  )
  return { onUploaded, user, view }
}

export async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Upload' }))
  return screen.findByRole('dialog', { name: 'Upload Files' })
}

export async function addFiles(user: ReturnType<typeof userEvent.setup>, files: File[]) {
  await user.upload(screen.getByLabelText('Choose files to upload'), files)
}

/** The list item of one chosen file. */
export function fileRow(name: string) {
  return within(screen.getByRole('list', { name: 'Files to upload' })).getByRole('listitem', { name })
}

/** The message shown once the dialog has closed (a toast, as for the screen's other outcomes). */
export function findNotice(text: string) {
  return screen.findByText(text)
}

export function startButton() {
  return screen.getByRole('button', { name: /Start upload|Uploading|Waiting for your choice/ })
}

/** A record already in the library. */
export function libraryRecord(fields: Partial<MediaRecord>): MediaRecord {
  return listedRecord(1, {
    title: 'Old photo',
    media_url: '/api/files/existing/old.png',
    file_size: 2048,
    public_id: 'HIBF_assets/existing',
    resource_type: 'image',
    format: 'png',
    width: 640,
    height: 480,
    ...fields,
  })
}

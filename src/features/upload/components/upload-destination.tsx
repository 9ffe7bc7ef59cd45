import { Select } from '../../../components/ui/select'
import { folderPathLabel } from '../../../contract/folder-paths'
import type { MoveOption } from '../../../lib/move-target'
import { UPLOAD_WORDS } from '../messages'

/** Where the files go: the folder shown when the dialog opened, changeable before the upload starts. */
export function UploadDestination(props: {
  value: string
  options: readonly MoveOption[] | undefined
  disabled: boolean
  onChange: (path: string) => void
}) {
  const { value, options, disabled, onChange } = props
  if (options === undefined)
    return (
      <p className="upload__destination">
        {UPLOAD_WORDS.destination}: {folderPathLabel(value)}
      </p>
    )
  // The folder shown may exist only on files (no folder record): it is still where the files go.
  const known = options.some((option) => option.path === value)
  const choices = known ? options : [{ path: value, label: folderPathLabel(value), depth: 0 }, ...options]
  return (
    <div className="form__field">
      <span id="upload-destination-label">{UPLOAD_WORDS.destination}</span>
      <Select
        label={UPLOAD_WORDS.destination}
        value={value}
        disabled={disabled}
        options={choices.map((option) => ({ value: option.path, label: option.label, depth: option.depth }))}
        onValueChange={onChange}
      />
    </div>
  )
}

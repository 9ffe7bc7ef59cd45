/** Where "Skip to files" leads: the file list's main region, or the Trash view's while it is open. */
export const FILES_ID = 'files'

/** The file in the tab order (the list's roving focus), else the list itself, else the region. */
export function focusFiles(): void {
  const region = document.getElementById(FILES_ID)
  if (region === null) return
  const target =
    region.querySelector<HTMLElement>('[data-file-id][tabindex="0"]') ??
    region.querySelector<HTMLElement>('[data-focus-fallback]') ??
    region
  target.focus()
}

/** The first Tab stop, shown only while focused: past the header, toolbar and folders to the files. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${FILES_ID}`}
      onClick={(event) => {
        event.preventDefault()
        focusFiles()
      }}
    >
      Skip to files
    </a>
  )
}

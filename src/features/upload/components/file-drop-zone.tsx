import { useDropzone } from 'react-dropzone'

export function FileDropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  // Count and size are checked by `validateIncomingFiles`, so the drop zone itself refuses nothing.
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: onFiles,
    disabled,
    multiple: true,
  })
  return (
    <div {...getRootProps({ className: `upload-drop${isDragActive ? ' upload-drop--active' : ''}` })}>
      <input {...getInputProps({ 'aria-label': 'Choose files to upload' })} />
      <p>{isDragActive ? 'Drop the files here' : 'Drag files here, or click to choose (up to 10)'}</p>
    </div>
  )
}

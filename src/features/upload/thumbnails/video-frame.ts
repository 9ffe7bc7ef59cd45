import { encodeCroppedJpeg } from './canvas'

export interface VideoFacts {
  width: number
  height: number
  duration: number | undefined
  /** A frame as a JPEG thumbnail, or null when the browser cannot decode the video. */
  frame: Blob | null
}

/** Long enough for a large file's metadata to arrive, short enough not to hold the batch up. */
const VIDEO_TIMEOUT_MS = 15_000

function once(target: EventTarget, event: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Timed out waiting for ${event}`))
    }, VIDEO_TIMEOUT_MS)
    const done = (error?: Error) => {
      clearTimeout(timer)
      target.removeEventListener(event, onEvent)
      target.removeEventListener('error', onError)
      signal?.removeEventListener('abort', onError)
      if (error) reject(error)
      else resolve()
    }
    const onEvent = () => {
      done()
    }
    const onError = () => {
      done(new Error(`The video could not be read (${event})`))
    }
    target.addEventListener(event, onEvent, { once: true })
    target.addEventListener('error', onError, { once: true })
    signal?.addEventListener('abort', onError, { once: true })
  })
}

/**
 * Reads a video's size and duration and draws a frame a little way in (the very first frame is often
 * black), through a muted `<video>` and a canvas.
 */
export async function readVideo(file: Blob, signal?: AbortSignal): Promise<VideoFacts> {
  const url = URL.createObjectURL(file)
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  video.preload = 'auto'
  try {
    const loaded = once(video, 'loadeddata', signal)
    video.src = url
    await loaded
    const duration = Number.isFinite(video.duration) ? video.duration : undefined
    const { videoWidth: width, videoHeight: height } = video
    let frame: Blob | null = null
    if (width > 0 && height > 0) {
      const seeked = once(video, 'seeked', signal)
      video.currentTime = Math.min(1, (duration ?? 0) / 10)
      await seeked
      frame = await encodeCroppedJpeg(video, width, height, 'center')
    }
    return { width, height, duration, frame }
  } finally {
    video.removeAttribute('src')
    video.load()
    URL.revokeObjectURL(url)
  }
}

/** An audio file's duration, or undefined when the browser cannot read it. */
export async function readAudioDuration(file: Blob, signal?: AbortSignal): Promise<number | undefined> {
  const url = URL.createObjectURL(file)
  const audio = document.createElement('audio')
  audio.preload = 'metadata'
  try {
    const loaded = once(audio, 'loadedmetadata', signal)
    audio.src = url
    await loaded
    return Number.isFinite(audio.duration) ? audio.duration : undefined
  } finally {
    audio.removeAttribute('src')
    URL.revokeObjectURL(url)
  }
}

import { useEffect, useRef, useState, type CSSProperties } from 'react'

import type {
  FocalPoint,
  ImageCrop,
  ImageRotation,
  ImageSettingsPatchFields,
} from '../../../contract/image-settings'
import type { MediaRecord } from '../../../contract/record'
import { safeUrl } from '../../../lib/safe-url'
import {
  CROP_PRESETS,
  dragCrop,
  movedFocal,
  pointIn,
  presetCrop,
  settingsWords,
  storedCrop,
  storedPoint,
  turned,
  turnedCrop,
  turnedPoint,
  turnedSize,
  type Size,
} from '../model/image-adjust'
import './image-adjust.css'

export const ADJUST_HEADING = 'Crop, rotate and focal point'
export const STAGE_LABEL = 'Focal point and crop'
export const STAGE_HINT =
  'Click to set the focal point, or drag to crop. Arrow keys move the focal point (Shift for small steps).'

/** Keyboard moves of the focal point are saved once they stop for this long: one save per gesture. */
const KEY_SAVE_DELAY_MS = 600

interface ImageAdjustProps {
  record: MediaRecord
  /** Saves the settings through the update call; null removes one. */
  onChange: (record: MediaRecord, fields: ImageSettingsPatchFields) => void
}

/**
 * The stage at the turned picture's shape (at most its own size, 16rem high and the width there is), and
 * the picture in it at its own shape, centred and turned to fill it. Needs the picture's size; without it
 * the picture lies in the stage as it comes.
 */
function turnedLayout(size: Size, rotate: ImageRotation): { stage: CSSProperties; picture: CSSProperties } {
  const shown = turnedSize(size, rotate)
  const ratio = shown.width / shown.height
  const sideways = rotate === 90 || rotate === 270
  return {
    stage: {
      aspectRatio: `${String(shown.width)} / ${String(shown.height)}`,
      width: `min(100%, ${String(shown.width)}px, ${String(16 * ratio)}rem)`,
    },
    picture: {
      // Turned a quarter, the picture's width lies along the stage's height, and its height along the width.
      width: `${String(sideways ? 100 / ratio : 100)}%`,
      height: `${String(sideways ? 100 * ratio : 100)}%`,
      transform: `translate(-50%, -50%) rotate(${String(rotate)}deg)`,
    },
  }
}

/**
 * Details' controls for how an image is delivered (decision 0047): the picture turned as it will be
 * delivered, with the crop drawn on it and the focal point marked; what is drawn on the turned picture
 * is saved in the stored picture's terms (`storedCrop`, `storedPoint`). A click sets the focal point and a drag draws a crop;
 * presets crop to 1:1, 4:3 or 16:9 (of the picture as turned) around the focal point; Rotate left and
 * right turn it; Reset removes every setting. Each change is saved at once; the preview above shows
 * the result.
 */
export function ImageAdjust({ record, onChange }: ImageAdjustProps) {
  const url = safeUrl(record.media_url)
  const stored = record.width && record.height ? { width: record.width, height: record.height } : null
  const [loaded, setLoaded] = useState<Size | null>(null)
  const size = stored ?? loaded
  const picture = useRef<HTMLImageElement>(null)
  const [drag, setDrag] = useState<{ from: FocalPoint; to: FocalPoint } | null>(null)
  // What a click, a drag or the keys set, shown until the server's answer replaces the record (the
  // record changes only then: see useAdjustImage).
  const [placed, setPlaced] = useState<{ over: MediaRecord; focal?: FocalPoint; crop?: ImageCrop } | null>(
    null,
  )
  const shown = placed?.over === record ? placed : null
  // The focal point the arrow keys have moved to and not yet saved: a gesture moves on from it whatever
  // record arrives meanwhile (the answer to an earlier click, which would otherwise undo the steps).
  const [keyed, setKeyed] = useState<FocalPoint | null>(null)
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; save: () => void } | null>(null)
  const latest = useRef(record)
  useEffect(() => {
    latest.current = record
  }, [record])

  const save = (fields: ImageSettingsPatchFields) => {
    onChange(record, fields)
  }
  useEffect(
    () => () => {
      // Leaving Details (or the file) keeps a move the keys made.
      if (pending.current) {
        clearTimeout(pending.current.timer)
        pending.current.save()
      }
    },
    [],
  )

  // Focal point and crop as saved (the stored picture's terms) and as drawn on the turned picture.
  const focal = keyed ?? shown?.focal ?? record.focal_point
  const savedCrop = shown?.crop ?? record.crop
  const rotate = record.rotate ?? 0
  const focalShown = focal && turnedPoint(focal, rotate)
  const cropShown = drag ? dragCrop(drag.from, drag.to) : savedCrop && turnedCrop(savedCrop, rotate)
  const pointAt = (x: number, y: number) => {
    const box = picture.current?.getBoundingClientRect()
    return box ? pointIn(box, x, y) : null
  }

  const layout = size && turnedLayout(size, rotate)

  if (url === null) return null
  return (
    <section className="image-adjust" aria-label={ADJUST_HEADING}>
      <h3 className="image-adjust__heading">{ADJUST_HEADING}</h3>
      <div
        className="image-adjust__stage"
        role="application"
        style={layout?.stage}
        tabIndex={0}
        aria-label={STAGE_LABEL}
        aria-describedby={`image-adjust-hint-${String(record.id)}`}
        onPointerDown={(event) => {
          const from = pointAt(event.clientX, event.clientY)
          if (from === null) return
          // Keeps a drag that leaves the picture; jsdom has no pointer capture.
          const stage: Partial<Pick<HTMLElement, 'setPointerCapture'>> = event.currentTarget
          stage.setPointerCapture?.(event.pointerId)
          setDrag({ from, to: from })
        }}
        onPointerMove={(event) => {
          if (drag === null) return
          const to = pointAt(event.clientX, event.clientY)
          if (to !== null) setDrag({ ...drag, to })
        }}
        onPointerUp={(event) => {
          if (drag === null) return
          const to = pointAt(event.clientX, event.clientY) ?? drag.to
          const drawn = dragCrop(drag.from, to)
          setDrag(null)
          // A click or a drag replaces what the keys moved and have not saved.
          if (pending.current) clearTimeout(pending.current.timer)
          pending.current = null
          setKeyed(null)
          const crop = drawn && storedCrop(drawn, rotate)
          const point = storedPoint(to, rotate)
          setPlaced(crop ? { over: record, crop } : { over: record, focal: point })
          save(crop ? { crop } : { focal_point: point })
        }}
        onPointerCancel={() => {
          setDrag(null)
        }}
        onKeyDown={(event) => {
          // The arrows move the point on the picture as shown.
          const movedShown = movedFocal(focalShown, event.key, event.shiftKey)
          if (movedShown === null) return
          const moved = storedPoint(movedShown, rotate)
          event.preventDefault()
          setKeyed(moved)
          if (pending.current) clearTimeout(pending.current.timer)
          const commit = () => {
            pending.current = null
            // Shown over the record as it is now, until the answer to this save replaces it.
            setPlaced({ over: latest.current, focal: moved })
            setKeyed(null)
            onChange(latest.current, { focal_point: moved })
          }
          pending.current = { timer: setTimeout(commit, KEY_SAVE_DELAY_MS), save: commit }
        }}
      >
        <img
          ref={picture}
          className={`image-adjust__picture${layout ? ' image-adjust__picture--placed' : ''}`}
          style={layout?.picture ?? (rotate === 0 ? undefined : { visibility: 'hidden' })}
          src={url}
          alt=""
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth: width, naturalHeight: height } = event.currentTarget
            if (width > 0 && height > 0) setLoaded({ width, height })
          }}
        />
        {cropShown && (
          <span
            className="image-adjust__crop"
            aria-hidden="true"
            style={{
              left: `${String(cropShown.x * 100)}%`,
              top: `${String(cropShown.y * 100)}%`,
              width: `${String(cropShown.width * 100)}%`,
              height: `${String(cropShown.height * 100)}%`,
            }}
          />
        )}
        {focalShown && (
          <span
            className="image-adjust__focal"
            data-testid="focal-marker"
            aria-hidden="true"
            style={{ left: `${String(focalShown.x * 100)}%`, top: `${String(focalShown.y * 100)}%` }}
          />
        )}
      </div>
      <p id={`image-adjust-hint-${String(record.id)}`} className="image-adjust__hint">
        {STAGE_HINT}
      </p>
      <p className="image-adjust__state" role="status">
        {settingsWords({
          focal_point: focalShown,
          crop: savedCrop && turnedCrop(savedCrop, rotate),
          rotate: record.rotate,
        })}
      </p>
      <div className="image-adjust__actions">
        {CROP_PRESETS.map(({ label, ratio }) => (
          <button
            key={label}
            type="button"
            className="button button--secondary"
            aria-label={`Crop to ${label}`}
            disabled={size === null}
            onClick={() => {
              if (size) save({ crop: presetCrop(size, ratio, rotate, focal) })
            }}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="button button--secondary"
          disabled={!record.crop}
          onClick={() => {
            save({ crop: null })
          }}
        >
          No crop
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            save({ rotate: turned(record.rotate, -1) })
          }}
        >
          Rotate left
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            save({ rotate: turned(record.rotate, 1) })
          }}
        >
          Rotate right
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label="Reset crop, rotation and focal point"
          disabled={!record.crop && !record.rotate && !record.focal_point}
          onClick={() => {
            save({ focal_point: null, crop: null, rotate: null })
          }}
        >
          Reset
        </button>
      </div>
    </section>
  )
}

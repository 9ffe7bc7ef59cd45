/**
 * What a repair pass found and did. Each violation is one broken invariant on one subject; `repaired`
 * says whether this pass fixed it. A pass with nothing left to fix finds no violations.
 */
export type ViolationKind =
  /** A folder marked for deletion whose delete never finished. */
  | 'folder-stuck-deleting'
  /** A record whose folder is missing or being deleted. */
  | 'record-in-missing-folder'
  /** An upload holding every byte whose file manifest was never written. */
  | 'upload-not-finished'
  /** An unfinished upload past its expiry, still holding its document or chunks. */
  | 'expired-upload'
  /** A live record pointing at a built-in file whose manifest or chunks are gone. */
  | 'record-without-file'
  /** A live record whose stored thumbnail (a built-in file) is gone. */
  | 'thumbnail-without-file'
  /** A stored file no record, live or trashed, points at, older than the upload expiry. */
  | 'unreferenced-file'
  /** Chunks that no manifest or upload lists, older than the upload expiry. */
  | 'orphan-chunks'

export interface Violation {
  kind: ViolationKind
  /** What is broken: `folder 3`, `record 12`, `upload <id>`, `file <id>`, `chunks <id>`. */
  subject: string
  detail: string
  repaired: boolean
}

export interface RepairReport {
  /** How many folders, uploads, records, files and chunk groups were examined. */
  checked: number
  violations: Violation[]
  /** How many of the violations this pass fixed. */
  repaired: number
  /** False when the pass stopped short of its bounds (more to check or fix next time) or a fix failed. */
  complete: boolean
}

export type Finding = Omit<Violation, 'repaired'>

/**
 * Collects findings and runs their fixes within a budget, so one scheduled run does bounded work; what
 * is over the budget is reported unrepaired and left for the next run. A fix that fails is logged and
 * reported unrepaired; the pass goes on with the rest.
 */
export class RepairLog {
  checked = 0
  private readonly violations: Violation[] = []
  private complete = true

  constructor(
    /** False for a dry run: find, never fix. */
    private readonly fix: boolean,
    private budget: number,
  ) {}

  /** Records `findings`, fixed together by `repair`. */
  async found(findings: readonly Finding[], repair: () => Promise<unknown>): Promise<void> {
    if (findings.length === 0) return
    if (!this.fix || this.budget < findings.length) {
      if (this.fix) this.complete = false
      this.violations.push(...findings.map((finding) => ({ ...finding, repaired: false })))
      return
    }
    this.budget -= findings.length
    let repaired = true
    try {
      await repair()
    } catch (error) {
      console.error(`Repair of ${findings.map((finding) => finding.subject).join(', ')} failed`, error)
      repaired = false
      this.complete = false
    }
    this.violations.push(...findings.map((finding) => ({ ...finding, repaired })))
  }

  /** Marks the pass as short of its bounds: some things were not examined this time. */
  stoppedShort(): void {
    this.complete = false
  }

  report(): RepairReport {
    return {
      checked: this.checked,
      violations: this.violations,
      repaired: this.violations.filter((violation) => violation.repaired).length,
      complete: this.complete,
    }
  }
}

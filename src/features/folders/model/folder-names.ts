// Made on first use, not as the module runs: making an Intl.Collator loads its locale's data, several
// milliseconds that as module code lengthened the script's first task (decision 0061).
let collator: Intl.Collator | undefined

/** Folder names in the order people expect: case and accents aside, 'Shoot 2' before 'Shoot 10'. */
export function compareFolderNames(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
  return collator.compare(a, b)
}

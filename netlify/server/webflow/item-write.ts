import type { MediaRecord } from '../../../src/contract/record'
import { mapFieldData, type ItemSource, type MappedFields } from './field-mapping'
import { holding, type HeldIds } from './round-stop'
import type { SyncContext, SyncTarget } from './sync-context'
import { claimWebflowId } from './id-claim'
import { WebflowError, type WebflowApi } from './webflow-api'
import { createItem, deleteItem, updateItem, type ItemWrite } from './webflow-items'

/** What a round writes the record's item with. */
export interface ItemWriting {
  context: Pick<SyncContext, 'stores'>
  api: WebflowApi
  target: SyncTarget
  record: MediaRecord
  source: ItemSource
}

/** The item that stands once written, and the fields it was last written with. */
export interface WrittenItem {
  itemId: string
  mapped: MappedFields
}

/**
 * Writes the record's item. The one the record holds is updated; when Webflow no longer has it, or
 * there is none, one is created and claimed on the record. Another job's item that won the claim may
 * hold older data, so it is brought up to this record.
 */
export async function writeItem(
  writing: ItemWriting,
  held: HeldIds,
  mapped: MappedFields,
): Promise<WrittenItem> {
  const { itemId } = held
  const updated = itemId
    ? await holding(held, () => writeFields(writing, mapped, (write) => updateHeld(writing, itemId, write)))
    : undefined
  if (itemId && updated?.value) return { itemId, mapped: updated.mapped }
  const fields = updated?.mapped ?? mapped
  const created = await holding({ ...held, itemId: undefined }, () => createAndClaim(writing, fields, itemId))
  if (created.won) return { itemId: created.itemId, mapped: created.mapped }
  const winner = created.itemId
  const refreshed = await holding({ ...held, itemId: winner }, () =>
    writeFields(writing, created.mapped, (write) => updateHeld(writing, winner, write)),
  )
  return { itemId: winner, mapped: refreshed.mapped }
}

function updateHeld({ api, target }: ItemWriting, itemId: string, write: ItemWrite): Promise<boolean> {
  return updateItem(api, target.collectionId, itemId, write)
}

/**
 * Creates an item and claims it on the record, replacing `stale` (an item Webflow no longer has); the
 * item that stands is this one (`won`) or another job's.
 */
async function createAndClaim(
  writing: ItemWriting,
  mapped: MappedFields,
  stale: string | undefined,
): Promise<WrittenItem & { won: boolean }> {
  const { context, api, target, record } = writing
  const created = await writeFields(writing, mapped, (write) =>
    createItem(api, target.collectionId, record, write),
  )
  const discard = () => deleteItem(api, target.collectionId, created.value)
  const claimed = await claimWebflowId(context, record.id, 'item_id', created.value, discard, {
    keepState: true,
    replaces: stale,
  })
  return { itemId: claimed.id, mapped: created.mapped, won: claimed.id === created.value }
}

/** Webflow refused a value (a field's type or options changed since the schema was read). */
function isRefusedValue(error: unknown): boolean {
  return error instanceof WebflowError && error.code === 'validation_error' && !error.isDuplicateSlug
}

/**
 * Makes one item call with `mapped`. When Webflow refuses a value, the collection changed since its
 * schema was read: it is read again (once a run) and the call retried with the fields mapped anew,
 * which the round's later calls and its notes then use.
 */
async function writeFields<T>(
  { target, source }: Pick<ItemWriting, 'target' | 'source'>,
  mapped: MappedFields,
  call: (write: ItemWrite) => Promise<T>,
): Promise<{ value: T; mapped: MappedFields }> {
  const writeOf = (fields: MappedFields): ItemWrite => ({
    fieldData: fields.fieldData,
    publish: target.publish,
  })
  try {
    return { value: await call(writeOf(mapped)), mapped }
  } catch (error) {
    if (!isRefusedValue(error) || !(await target.schema.refresh())) throw error
    const remapped = mapFieldData(await target.schema.get(), source, target.fieldMap)
    return { value: await call(writeOf(remapped)), mapped: remapped }
  }
}

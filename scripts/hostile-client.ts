/**
 * A hostile client against a running app: it tries, over plain HTTP, the calls that could destroy a file
 * another record uses, grow a record past its limits, duplicate records on retry, or misuse the server,
 * and counts the harm done. It imports nothing of the app, so it checks the deployed behaviour only.
 *
 *   node_modules/.bin/node scripts/hostile-client.ts [base URL, default http://localhost:8888]
 *
 * With the access gate on, set APP_ACCESS_TOKEN to the site's token: the script first checks that every
 * route refuses a call without it, then runs the rest as a signed-in client. It leaves no records behind
 * (they are deleted and purged from the trash) and exits 1 if any harm was done.
 */

import { checkAltText } from './hostile/alt-text.ts'
import { checkConditionalUpdates } from './hostile/conditional-updates.ts'
import { checkPdfPageCounts } from './hostile/pdf-pages.ts'
import { checkImportAddresses } from './hostile/import.ts'
import { checkAnswerBudgets } from './hostile/budgets.ts'
import { checkSpreadBatches } from './hostile/batch-shards.ts'
import { checkIdsPastCounter, checkPurgedReplay, checkTinyChunks } from './hostile/cheap-requests.ts'
import { base, call, createdIds, MOST_BATCH_SHARDS, outcomes, token } from './hostile/client.ts'
import { checkImageDelivery } from './hostile/images.ts'
import {
  checkCraftedRecords,
  checkGate,
  checkIdempotency,
  checkMergedLimits,
  checkShortToken,
  checkTermination,
  checkTusEdges,
} from './hostile/first-pass.ts'
import { checkForgedHost, checkRepeatedStatus, checkRepeatedSync } from './hostile/webflow-and-origin.ts'
import { checkSignOutEverywhere, checkSignOutRevokes } from './hostile/sessions.ts'
import { checkShareLinkForgery, checkShareLinkRevoked } from './hostile/share-links.ts'
import { checkSharesOfPurgedFile } from './hostile/purged-shares.ts'
import { checkHostileTagsAndTitles, checkLookAlikeFolders } from './hostile/labels.ts'
import { checkLongDescriptionPages } from './hostile/page-bytes.ts'
import { checkPageChanges } from './hostile/page-changes.ts'

async function cleanUp(): Promise<void> {
  // Sorted, a cleanup call at a time: any MOST_BATCH_SHARDS ids fall in no more shards than a call may touch.
  const ids = [...createdIds].sort((a, b) => a - b)
  for (let start = 0; start < ids.length; start += MOST_BATCH_SHARDS) {
    const batch = ids.slice(start, start + MOST_BATCH_SHARDS)
    await call('POST', '/api/batch-delete', { ids: batch })
    await call('POST', '/api/trash/purge', { ids: batch })
  }
}

async function main(): Promise<void> {
  console.log(`hostile client against ${base} (${token ? 'gate on' : 'gate off'})`)
  try {
    if (!(await checkShortToken())) return
    await checkGate()
    await checkTermination()
    await checkMergedLimits()
    await checkIdempotency()
    await checkCraftedRecords()
    await checkTusEdges()
    await checkForgedHost()
    await checkRepeatedSync()
    await checkRepeatedStatus()
    await checkLookAlikeFolders()
    await checkHostileTagsAndTitles()
    await checkSignOutRevokes()
    await checkSignOutEverywhere()
    await checkTinyChunks()
    await checkIdsPastCounter()
    await checkPurgedReplay()
    await checkAnswerBudgets()
    await checkLongDescriptionPages()
    await checkPageChanges()
    await checkAltText()
    await checkConditionalUpdates()
    await checkPdfPageCounts()
    await checkShareLinkForgery()
    await checkShareLinkRevoked()
    await checkSharesOfPurgedFile()
    await checkImportAddresses()
    await checkImageDelivery()
    await checkSpreadBatches()
  } finally {
    await cleanUp()
    report()
  }
}

function report(): void {
  for (const outcome of outcomes) {
    const mark = outcome.harm === 0 ? 'ok  ' : 'HARM'
    console.log(`${mark} ${outcome.check}: expected ${outcome.expected}; observed ${outcome.observed}`)
  }
  const harm = outcomes.reduce((sum, outcome) => sum + outcome.harm, 0)
  console.log(`${String(outcomes.length)} checks, ${String(harm)} harmful outcomes`)
  process.exitCode = harm === 0 ? 0 : 1
}

await main()

export {}

#!/usr/bin/env node
/**
 * `npm test`: the one gate. The static checks (tsc, ESLint, Prettier) run one after another while Vitest
 * runs every project beside them; both lanes run to the end, so one run shows every failure. At the end
 * it prints where the time went: each step's wall time, and each Vitest project's files, tests and
 * summed file time (from Vitest's JSON report).
 *
 * Exits non-zero if any step failed.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * On a developer's machine each check keeps a cache under node_modules/.cache, so a second run looks again
 * only at what changed (tsc's build info follows imports; ESLint's cache, keyed on file contents, may miss
 * a typed rule that a change in another file now breaks). CI starts from a clean clone and checks
 * everything.
 */
const CACHE = process.env.CI ? undefined : 'node_modules/.cache'
const STATIC_CHECKS = [
  [
    'tsc',
    [
      'tsc',
      '-p',
      'tsconfig.json',
      '--noEmit',
      ...(CACHE ? ['--incremental', '--tsBuildInfoFile', `${CACHE}/tsc/tsbuildinfo`] : []),
    ],
  ],
  [
    'eslint',
    [
      'eslint',
      '.',
      '--max-warnings=0',
      ...(CACHE ? ['--cache', '--cache-strategy', 'content', '--cache-location', `${CACHE}/eslint/`] : []),
    ],
  ],
  ['prettier', ['prettier', '--check', '.', '--log-level=warn', ...(CACHE ? ['--cache'] : [])]],
  ['lock file', ['node', 'scripts/check-lock-platforms.mjs']],
  ['test tree', ['node', 'scripts/check-test-tree.mjs']],
  ['doc paths', ['node', 'scripts/check-doc-paths.mjs']],
  ['openapi', ['node', 'scripts/lint-openapi.mjs']],
]

/** Runs a command (npm puts node_modules/.bin on the PATH) with inherited output; resolves with its name, time and result. */
function run(name, [command, ...args]) {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env })
    const finish = (ok) => resolve({ name, ok, seconds: (performance.now() - started) / 1000 })
    child.once('error', (error) => {
      console.error(`${name} could not start: ${error.message}`)
      finish(false)
    })
    child.once('exit', (code) => finish(code === 0))
  })
}

/** At a lower priority than the tests, whose timeouts the static checks must not eat into. */
async function staticChecks() {
  const results = []
  for (const [name, command] of STATIC_CHECKS) results.push(await run(name, ['nice', '-n', '10', ...command]))
  return results
}

/** Vitest's JSON report, or null when it wrote none. */
async function readReport(reportFile) {
  try {
    return JSON.parse(await readFile(reportFile, 'utf8'))
  } catch {
    return null
  }
}

/**
 * Every failed test with the first line of its failure, and every file that failed outside a test: printed
 * again at the very end, where a CI log cut to its tail still shows what failed.
 */
function failuresOf(report) {
  const failures = []
  for (const file of report?.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '')
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed) {
      const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0]
      failures.push(`${name} > ${test.fullName ?? test.title}: ${reason.slice(0, 300)}`)
    }
    if (failed.length === 0 && file.status === 'failed') {
      failures.push(
        `${name}: ${String(file.message ?? 'failed')
          .split('\n')[0]
          .slice(0, 300)}`,
      )
    }
  }
  return failures
}

/** Summed file durations per Vitest project, from its JSON report. */
function projectTimes(report) {
  const projects = new Map()
  for (const file of report?.testResults ?? []) {
    const project = /^tests\/([^/]+)\//.exec(file.name.replace(`${process.cwd()}/`, ''))?.[1] ?? '?'
    const entry = projects.get(project) ?? { files: 0, tests: 0, seconds: 0 }
    entry.files += 1
    entry.tests += file.assertionResults?.length ?? 0
    entry.seconds += ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000
    projects.set(project, entry)
  }
  return [...projects].sort((a, b) => b[1].seconds - a[1].seconds)
}

const started = performance.now()
const reportDir = await mkdtemp(join(tmpdir(), 'media-test-report-'))
const reportFile = join(reportDir, 'vitest.json')
const [checks, vitest] = await Promise.all([
  staticChecks(),
  run('vitest', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ]),
])
const report = await readReport(reportFile)
const byFolder = projectTimes(report)
const failures = failuresOf(report)
await rm(reportDir, { recursive: true, force: true })

const seconds = (value) => `${value.toFixed(1).padStart(6)} s`
console.log('\nWhere the time went (wall time; the two lanes run side by side):')
for (const step of [...checks, vitest]) {
  console.log(`  ${step.ok ? 'ok  ' : 'FAIL'} ${step.name.padEnd(10)} ${seconds(step.seconds)}`)
}
if (byFolder.length > 0) {
  console.log('  Vitest files by folder (summed file time; files run three at a time):')
  for (const [folder, entry] of byFolder) {
    console.log(
      `       tests/${folder.padEnd(11)} ${seconds(entry.seconds)}  ${String(entry.files).padStart(3)} files ${String(entry.tests).padStart(5)} tests`,
    )
  }
}
console.log(`  total      ${seconds((performance.now() - started) / 1000)}`)
if (failures.length > 0) {
  console.log(`\nFailed (${String(failures.length)}):`)
  for (const failure of failures) console.log(`  ${failure}`)
}
process.exitCode = [...checks, vitest].every((step) => step.ok) ? 0 : 1

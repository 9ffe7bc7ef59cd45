import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The import boundaries of eslint.config.js, shown on code that breaks each one. The code is linted as
 * if it lived at `path` (nothing is written under src/), with the project's own config less its
 * type-checked rules: the project service only reads files on disk, and the boundaries need no types.
 * Each fixture expects exactly the boundary's rule and nothing else.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const PATHS = 'import-x/no-restricted-paths'
const PACKAGES = 'no-restricted-imports'
const GLOBALS = 'no-restricted-globals'
const PROPERTIES = 'no-restricted-properties'
const SYNTAX = 'no-restricted-syntax'

const FIXTURES: { name: string; path: string; code: string; rules: string[] }[] = [
  {
    name: 'a component importing the server',
    path: 'src/components/ui/boundary-fixture.ts',
    code: "import { InvalidInputError } from '../../../netlify/server/errors'\n\nexport const error = new InvalidInputError('x')\n",
    rules: [PATHS],
  },
  {
    name: 'a feature importing the server (the feature rule once replaced this one)',
    path: 'src/features/library/boundary-fixture.ts',
    code: "import { InvalidInputError } from '../../../netlify/server/errors'\n\nexport const error = new InvalidInputError('x')\n",
    rules: [PATHS],
  },
  {
    name: 'the screen importing a Netlify package',
    path: 'src/lib/boundary-fixture.ts',
    code: "import { getStore } from '@netlify/blobs'\n\nexport const store = getStore('x')\n",
    rules: [PACKAGES],
  },
  {
    name: "a feature importing another feature's internals by a relative path",
    path: 'src/features/bulk-actions/components/boundary-fixture.ts',
    code: "import { UPLOAD_WORDS } from '../../upload/messages'\n\nexport const words = UPLOAD_WORDS\n",
    rules: [PATHS],
  },
  {
    name: 'a feature the old hand-written list left out (trash reaching into webflow)',
    path: 'src/features/trash/boundary-fixture.ts',
    code: "import { SYNC_ALL_POLL_MS } from '../webflow/api/webflow'\n\nexport const poll = SYNC_ALL_POLL_MS\n",
    rules: [PATHS],
  },
  {
    name: 'the contract importing src/lib',
    path: 'src/contract/boundary-fixture.ts',
    code: "import { formatBytes } from '../lib/format-bytes'\n\nexport const size = formatBytes(1)\n",
    rules: [PATHS],
  },
  {
    name: 'the contract importing React',
    path: 'src/contract/boundary-fixture.ts',
    code: "import { useState } from 'react'\n\nexport const hook = useState\n",
    rules: [PACKAGES],
  },
  {
    name: 'the contract importing Node',
    path: 'src/contract/boundary-fixture.ts',
    code: "import { join } from 'node:path'\n\nexport const path = join('a', 'b')\n",
    rules: [PACKAGES],
  },
  {
    name: 'shared code importing a feature',
    path: 'src/lib/boundary-fixture.ts',
    code: "import { uploadFolderFor } from '../features/upload'\n\nexport const folder = uploadFolderFor(null, false)\n",
    rules: [PATHS],
  },
  {
    name: 'the app importing an internal of the library (decision 0079)',
    path: 'src/app/boundary-fixture.ts',
    code: "import { useLibraryView } from '../features/library/use-library-view'\n\nexport const view = useLibraryView\n",
    rules: [PATHS],
  },
  {
    name: "the app loading a feature's internal lazily, past its index.ts",
    path: 'src/app/boundary-fixture.ts',
    code: "export const load = () => import('../features/preview/components/details-dialog')\n",
    rules: [PATHS],
  },
  {
    name: 'a feature importing the app',
    path: 'src/features/trash/boundary-fixture.ts',
    code: "import { App } from '../../app/app'\n\nexport const screen = App\n",
    rules: [PATHS],
  },
  {
    name: 'src/lib importing a worker',
    path: 'src/lib/boundary-fixture.ts',
    code: "import { fingerprintBlob } from '../workers/hash-blob'\n\nexport const hash = fingerprintBlob\n",
    rules: [PATHS],
  },
  {
    name: 'src/lib importing a component',
    path: 'src/lib/boundary-fixture.ts',
    code: "import { toast } from '../components/ui/toast'\n\nexport const show = toast\n",
    rules: [PATHS],
  },
  {
    name: 'a worker importing a component',
    path: 'src/workers/boundary-fixture.ts',
    code: "import { toast } from '../components/ui/toast'\n\nexport const show = toast\n",
    rules: [PATHS],
  },
  {
    name: 'a component importing a worker',
    path: 'src/components/ui/boundary-fixture.ts',
    code: "import { fingerprintBlob } from '../../workers/hash-blob'\n\nexport const hash = fingerprintBlob\n",
    rules: [PATHS],
  },
  {
    name: 'a function importing src/lib',
    path: 'netlify/functions/boundary-fixture.mts',
    code: "import { formatBytes } from '../../src/lib/format-bytes'\n\nexport const size = formatBytes(1)\n",
    rules: [PATHS],
  },
  {
    name: 'a server service importing Blobs outside storage/',
    path: 'netlify/server/records/boundary-fixture.ts',
    code: "import { getStore } from '@netlify/blobs'\n\nexport const store = getStore('x')\n",
    rules: [PACKAGES],
  },
  {
    name: 'a feature calling fetch itself',
    path: 'src/features/preview/api/boundary-fixture.ts',
    code: 'export const read = (url: string) => fetch(url)\n',
    rules: [GLOBALS],
  },
  {
    name: 'a feature calling fetch through the global object',
    path: 'src/features/webflow/api/boundary-fixture.ts',
    code: 'export const read = (url: string) => window.fetch(url)\n',
    rules: [PROPERTIES],
  },
  {
    name: 'an API path written as a literal in a feature',
    path: 'src/features/trash/api/boundary-fixture.ts',
    code: "export const path = '/api/trash'\n",
    rules: [SYNTAX],
  },
  {
    name: 'an API path built in a template in a function',
    path: 'netlify/functions/boundary-fixture.mts',
    code: 'export const location = (id: string) => `/api/uploads/${id}`\n',
    rules: [SYNTAX],
  },
]

/** Code on the right side of each of the rules above, which lints clean. */
const ALLOWED: { name: string; path: string; code: string }[] = [
  {
    name: "the app importing the library through its index.ts, and a loader of a feature's lazy part",
    path: 'src/app/boundary-fixture.ts',
    code: [
      "import { useLibraryView } from '../features/library'",
      "import { loadDetailsDialog } from '../features/preview'",
      '',
      'export const view = useLibraryView',
      'export const details = loadDetailsDialog',
      "export const loadPreview = () => import('../features/preview')",
      '',
    ].join('\n'),
  },
  {
    name: 'a function importing the contract',
    path: 'netlify/functions/boundary-fixture.mts',
    code: "import { LIMITS } from '../../src/contract/limits'\n\nexport const limits = LIMITS\n",
  },
  {
    name: 'the storage layer importing Blobs',
    path: 'netlify/server/storage/boundary-fixture.ts',
    code: "import { getStore } from '@netlify/blobs'\n\nexport const store = getStore('x')\n",
  },
  {
    name: 'a feature reading file bytes through the API client',
    path: 'src/features/preview/api/boundary-fixture.ts',
    code: "import { fileRequest } from '../../../lib/api-client'\n\nexport const read = (url: string) => fileRequest(url)\n",
  },
  {
    name: 'an API path from the route table',
    path: 'netlify/functions/boundary-fixture.mts',
    code: "import { routePath } from '../../src/contract/routes'\n\nexport const location = (id: string) => routePath('uploadById', { id })\n",
  },
  {
    name: 'a worker importing src/lib',
    path: 'src/workers/boundary-fixture.ts',
    code: "import { ERROR_WORDS } from '../lib/error-words'\n\nexport const words = ERROR_WORDS\n",
  },
]

const CLEAN = {
  name: 'a feature using another through its index.ts, and the contract and lib as it should',
  path: 'src/features/preview/boundary-fixture.ts',
  code: [
    "import { formatBytes } from '../../lib/format-bytes'",
    "import { uploadFolderFor } from '../upload'",
    '',
    'export const described = `${uploadFolderFor(null, false)} ${formatBytes(1)}`',
    "export const loadZip = () => import('../download')",
    '',
  ].join('\n'),
}

describe('eslint import boundaries', () => {
  let eslint: ESLint
  const rulesOf = async (path: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` })
    return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`)
  }

  // Loading the config, its plugins and the resolver takes seconds on a busy machine: done once here.
  beforeAll(async () => {
    eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: `${ROOT}eslint.config.js`,
      overrideConfig: { files: ['**/*.ts', '**/*.tsx', '**/*.mts'], ...tseslint.configs.disableTypeChecked },
    })
    await rulesOf(CLEAN.path, CLEAN.code)
  }, 60_000)

  it.each(FIXTURES)('refuses $name', async ({ path, code, rules }) => {
    expect(await rulesOf(path, code)).toEqual(rules)
  })

  it('lets through ' + CLEAN.name, async () => {
    expect(await rulesOf(CLEAN.path, CLEAN.code)).toEqual([])
  })

  it.each(ALLOWED)('lets through $name', async ({ path, code }) => {
    expect(await rulesOf(path, code)).toEqual([])
  })

  it('fences in every folder of src/features, from the other features and from the app', async () => {
    const config = (await eslint.calculateConfigForFile(`${ROOT}src/features/trash/x.ts`)) as {
      rules: Record<string, [string, { zones: { target: string; from: string }[] }]>
    }
    const zones = config.rules[PATHS]?.[1].zones ?? []
    const fenced = new Set(
      zones.map((zone) => zone.target).filter((target) => target.startsWith('./src/features/')),
    )
    const features = readdirSync(`${ROOT}src/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `./src/features/${entry.name}`)
    expect([...fenced].sort()).toEqual(features.sort())
    const fencedFromApp = zones.filter((zone) => zone.target === './src/app').map((zone) => zone.from)
    expect(fencedFromApp.filter((from) => from.startsWith('./src/features/')).sort()).toEqual(features.sort())
  })
})

/**
 * Fails when src/api/schema.gen.ts is not what openapi-typescript makes of src/api/openapi.yaml,
 * so a contract change cannot land without regenerated types (`npm run api:generate`).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const out = join(mkdtempSync(join(tmpdir(), 'api-types-')), 'schema.gen.ts')
execFileSync('npx', ['openapi-typescript', 'src/api/openapi.yaml', '-o', out], { stdio: 'pipe' })
const expected = readFileSync(out, 'utf8')
const actual = readFileSync('src/api/schema.gen.ts', 'utf8')
if (expected !== actual) {
  console.error('src/api/schema.gen.ts is stale: run `npm run api:generate` and commit the result.')
  process.exit(1)
}
console.log('API types match the contract.')

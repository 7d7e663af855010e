import { expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

// Bytes no text codec keeps as they are, under a name a header cannot carry unencoded.
const CONTENT = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x0a, 0x41, 0xe2, 0x82, 0xac])
const NAME = 'données brutes (v2).bin'

test('upload a file, attach it to a turn, and download it byte-identical under the server’s name', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  await login('alice', `/sessions/${SEEDED.fresh}?tab=files`)
  await expect(page.getByText(/Up to 16 MiB per file/)).toBeVisible()
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: NAME,
    mimeType: 'application/octet-stream',
    buffer: CONTENT,
  })
  await page.getByRole('button', { name: 'Upload' }).click()
  const row = page.getByRole('row', { name: new RegExp(NAME.replace(/[()]/g, '\\$&')) })
  await expect(row).toContainText('9 B')
  await expect(row).toContainText(/[0-9a-f]{64}/)

  // Attach it to a new turn: sent as a file part by its id.
  await page.locator('summary', { hasText: 'Attach files' }).click()
  await page.getByRole('checkbox', { name: new RegExp(NAME.replace(/[()]/g, '\\$&')) }).check()
  await page.getByRole('textbox', { name: 'Message' }).fill('Describe the attached file')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText(/Turn .+ accepted/)).toBeVisible()
  const files = await callApi(page, 'GET', `/api/v1/agent-sessions/${SEEDED.fresh}/files`)
  const fileId = (files.body as { data: { file_id: string }[] }).data[0]?.file_id ?? 'none'
  const events = await callApi(page, 'GET', `/api/v1/agent-sessions/${SEEDED.fresh}/events?limit=1000`)
  // The turn's input as the server recorded it carries the file part.
  expect(JSON.stringify(events.body)).toContain(`"file_id":"${fileId}"`)

  // Download: the same bytes, saved under the name the server gives.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: `Download ${NAME}` }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe(NAME)
  const { readFile } = await import('node:fs/promises')
  expect(Buffer.compare(await readFile(await saved.path()), CONTENT)).toBe(0)
})

test('publish an https reference (the server’s 400 shown first) and revoke it', async ({ page, login }) => {
  test.setTimeout(60_000)
  await login('alice', `/sessions/${SEEDED.fresh}?tab=files`)
  const artifacts = page.getByRole('region', { name: 'Artifacts' })
  await expect(artifacts).toContainText('No artifacts published')

  await page.getByLabel('Name', { exact: true }).fill('Release notes')
  await page.getByLabel('https URI').fill('https://builder:secret@example.com/notes.md')
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(
    page.getByText('Artifact publication requires an HTTPS reference without credentials'),
  ).toBeVisible()

  await page.getByLabel('https URI').fill('https://example.com/notes.md')
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(artifacts.getByText('Release notes')).toBeVisible()
  await expect(artifacts.getByText('Published')).toBeVisible()

  await artifacts.getByRole('button', { name: 'Revoke Release notes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Revoke this artifact?' })
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await expect(dialog).toBeHidden()
  await expect(artifacts.getByText('Revoked')).toBeVisible()
  await expect(artifacts.getByRole('button', { name: 'Revoke Release notes' })).toHaveCount(0)
})

/**
 * Spreadsheets written by the import's end-to-end scenario (issue 17), with the maintained SheetJS build: workbooks of
 * one or several sheets (merged header ranges, hidden columns), Windows-1252 CSV bytes, a password-protected container;
 * and the one way the scenarios open a file on the import screen ({@link openImportFile}).
 */
import { readFileSync } from 'node:fs'

import AxeBuilder from '@axe-core/playwright'
import { CFB, read, utils, write } from '@e965/xlsx'
import type { Page } from 'playwright-core'

import type { SandboxStore } from '../../src-sandbox/store/types'
import { BIG_SIREN, stateCount } from './support'

export type Rows = (string | number | null)[][]

/** One sheet of a workbook written by the test: its rows, merged header ranges and hidden columns. */
export interface SheetSpec {
  readonly name: string
  readonly rows: Rows
  readonly merges?: readonly { readonly r: number; readonly c1: number; readonly c2: number }[]
  readonly hidden?: readonly number[]
}

/** The bytes of a workbook holding `sheets`, as `bookType` writes it. */
export function book(sheets: readonly SheetSpec[], bookType: 'xlsx' | 'ods' | 'xls' = 'xlsx'): Buffer {
  const wb = utils.book_new()
  for (const sheet of sheets) {
    const ws = utils.aoa_to_sheet(sheet.rows)
    if (sheet.merges) ws['!merges'] = sheet.merges.map((m) => ({ s: { r: m.r, c: m.c1 }, e: { r: m.r, c: m.c2 } }))
    if (sheet.hidden) ws['!cols'] = Array.from({ length: 8 }, (_, i) => ({ hidden: sheet.hidden?.includes(i) === true }))
    utils.book_append_sheet(wb, ws, sheet.name)
  }
  return Buffer.from(write(wb, { type: 'buffer', bookType }) as Buffer)
}

/** The bytes of an .xlsx holding `rows` on one sheet. */
export function xlsx(rows: Rows): Buffer {
  return book([{ name: 'Variables', rows }])
}

/** Windows-1252 bytes of `text` (Latin-1 letters only). */
export function windows1252(text: string): Buffer {
  return Buffer.from(text, 'latin1')
}

/** A password-protected workbook's container: OLE holding `EncryptionInfo` and `EncryptedPackage` (MS-OFFCRYPTO). */
export function encryptedWorkbook(): Buffer {
  // The package types its CFB library `any`: the three calls used here, typed.
  const cfbLib = CFB as {
    utils: { cfb_new(): object; cfb_add(container: object, path: string, content: Uint8Array): void }
    write(container: object, options: { type: 'buffer' }): Buffer
  }
  const container = cfbLib.utils.cfb_new()
  cfbLib.utils.cfb_add(container, '/EncryptionInfo', new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]))
  cfbLib.utils.cfb_add(container, '/EncryptedPackage', new Uint8Array(64))
  return cfbLib.write(container, { type: 'buffer' })
}

/** A file to choose on the import screen: bytes with a name, or a file on the disk (Playwright takes 50 MB from there). */
export type ImportFileSpec = { readonly name: string; readonly buffer: Buffer; readonly mimeType?: string } | { readonly path: string }

/**
 * Opens the import screen of dossier `siren` the clerk's way (the dossier screen's link; `base` is the app's URL
 * before its `#`) and chooses `file` with the screen's file input.
 */
export async function openImportFile(page: Page, base: string, siren: string, file: ImportFileSpec): Promise<void> {
  await page.goto(`${base}#/dossiers/${siren}`)
  await page.click('[data-testid="link-import"]')
  await page.waitForSelector('[data-testid="import-view"]')
  await page.setInputFiles(
    '[data-testid="import-file"]',
    'path' in file ? file.path : { name: file.name, mimeType: file.mimeType ?? 'application/octet-stream', buffer: file.buffer },
  )
}

/** Clicks the report's « what we could not take » export and reads the first sheet of the .xlsx it downloads. */
export async function downloadedRows(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="import-export"]')])
  const path = await download.path()
  const book = read(readFileSync(path), { type: 'buffer' })
  const sheet = book.Sheets[book.SheetNames[0] ?? '']
  return sheet === undefined ? [] : utils.sheet_to_json<string[]>(sheet, { header: 1 })
}

/** The preview's status of the file's line `line` (`pret`, `erreur`, `ignoree`…), once shown. */
export async function rowStatus(page: Page, line: number): Promise<string | null> {
  return page.getAttribute(`[data-testid="import-row-${String(line)}"]`, 'data-status', { timeout: 60_000 })
}

/** Entries of this workstation, every state (the queue screen's total at `base`). */
export async function totalEntries(page: Page, base: string): Promise<number> {
  await page.goto(`${base}#/queue`)
  await page.waitForSelector('[data-testid="state-count-total"]')
  await new Promise((resolve) => setTimeout(resolve, 500))
  return stateCount(page, 'total')
}

/** Serious or critical axe violations on the page as it is. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)
}

/**
 * The seed's big dossier as the import scenarios use it: the dossier, its current period, and its EVP codes in
 * quantity visible to the payroll manager (the columns a file can map).
 * @throws Error when the seed lacks it
 */
export function bigDossier(store: SandboxStore): {
  dossier: SandboxStore['dossiers'][number]
  periode: string
  codes: NonNullable<SandboxStore['codesEvp'][string]>
} {
  const dossier = store.dossiers.find((d) => d.siren === BIG_SIREN)
  if (dossier === undefined) throw new Error('dossier absent du seed')
  const codes = (store.codesEvp[BIG_SIREN] ?? []).filter((c) => c.format === 'quantite' && !c.masque && c.visibilite.gp)
  return { dossier, periode: dossier.periode_paie_en_cours, codes }
}

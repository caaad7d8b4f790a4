/**
 * Names and folders of downloaded files (DSN summaries, extractions' CSV), built by the app from checked fields (SIREN, NIC, period, nature,
 * type, a hash of the id), never from what the server calls the file (Content-Disposition) nor from a raw id.
 * Every part is checked against a strict pattern again here (defence in depth: the IPC input was already parsed),
 * and the final path is checked to stay inside its folder.
 */
import { createHash } from 'node:crypto'
import { relative, resolve, sep, isAbsolute } from 'node:path'

/** What a file name is built from (shape of `RecapitulatifRef`, src-shared/domain/declarations.ts). */
export interface NamedDeclaration {
  readonly id: string
  readonly siren: string
  readonly nic: string
  readonly periode: string
  readonly nature: string
  readonly type: string
}

/**
 * A name or folder could not be built safely: code `NOM_FICHIER_REFUSE`, `field` the part at fault (`SIREN`, `NIC`,
 * `PERIODE`, `NATURE`, `TYPE`, `ID`, `CHEMIN`; the renderer words it), technical message.
 */
export class UnsafeFileNameError extends Error {
  readonly code = 'NOM_FICHIER_REFUSE'
  constructor(readonly field: string) {
    super(`summary not written: invalid ${field} in the declaration, no file written`)
    this.name = 'UnsafeFileNameError'
  }
}

const SIREN = /^\d{9}$/
const NIC = /^\d{5}$/
const PERIODE = /^\d{4}-(0[1-9]|1[0-2])$/
/** Record ids are UUIDs (RecordId, src-shared/api/common.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** DSN nature (S20.G00.05.001) → word used in the file name. */
const NATURE_WORDS: Readonly<Record<string, string>> = { '01': 'mensuelle', '02': 'fin-contrat', '04': 'arret', '05': 'reprise' }
/** DSN type (S20.G00.05.002). */
const TYPES = new Set(['01', '02', '03'])

function check(ok: boolean, field: string): void {
  if (!ok) throw new UnsafeFileNameError(field)
}

/**
 * File name of a summary: `DSN_<siren>_<periode>_<nature>_type<type>_<nic>_<hash8>.pdf`, e.g.
 * `DSN_832147607_2026-10_mensuelle_type01_00012_3f9a1c2b.pdf`. `hash8` is the first 8 hex digits of SHA-256 of
 * the id, so two declarations of one establishment and period (a re-sent one) never share a file.
 * @throws UnsafeFileNameError when a field does not match its pattern (SIREN 9 digits, NIC 5, period YYYY-MM, known
 *   nature and type, id a UUID).
 */
export function recapitulatifFileName(d: NamedDeclaration): string {
  check(SIREN.test(d.siren), 'SIREN')
  check(NIC.test(d.nic), 'NIC')
  check(PERIODE.test(d.periode), 'PERIODE')
  const nature = NATURE_WORDS[d.nature]
  check(nature !== undefined, 'NATURE')
  check(TYPES.has(d.type), 'TYPE')
  check(UUID.test(d.id), 'ID')
  const hash = createHash('sha256').update(d.id).digest('hex').slice(0, 8)
  return `DSN_${d.siren}_${d.periode}_${nature ?? ''}_type${d.type}_${d.nic}_${hash}.pdf`
}

/** What an extraction's file name is built from (shape of `ExtractionRef`, src-shared/domain/extractions.ts). */
export interface NamedExtraction {
  readonly id: string
  readonly siren: string
  readonly type: string
  readonly periode: string
}

/** Charge tables of an extraction (TypeExtraction, src-shared/api/cabinet.ts). */
const EXTRACTION_TYPES = new Set(['salaries', 'contrats', 'evp', 'heures'])

/**
 * File name of an extraction's table: `extraction_<type>_<siren>_<periode>_<hash8>.csv`, e.g.
 * `extraction_salaries_832147607_2026-10_3f9a1c2b.csv` (`hash8` as for the summaries: two extractions of the same
 * table never share a file). Assumption #53.
 * @throws UnsafeFileNameError when a field does not match its pattern (`TYPE`, `SIREN`, `PERIODE`, `ID`).
 */
export function extractionFileName(e: NamedExtraction): string {
  check(EXTRACTION_TYPES.has(e.type), 'TYPE')
  check(SIREN.test(e.siren), 'SIREN')
  check(PERIODE.test(e.periode), 'PERIODE')
  check(UUID.test(e.id), 'ID')
  const hash = createHash('sha256').update(e.id).digest('hex').slice(0, 8)
  return `extraction_${e.type}_${e.siren}_${e.periode}_${hash}.csv`
}

/** True when `child` is strictly inside `parent` (both resolved; no `..` escape, not another drive). */
export function isInside(parent: string, child: string): boolean {
  const rel = relative(resolve(parent), resolve(child))
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..')
}

/**
 * Destination folder of a summary: `<root>/<siren>` (a folder per dossier) when `perDossier`, else `root`.
 * @throws UnsafeFileNameError when the SIREN is not 9 digits.
 */
export function destinationFolder(root: string, siren: string, perDossier: boolean): string {
  check(SIREN.test(siren), 'SIREN')
  return perDossier ? resolve(root, siren) : resolve(root)
}

/**
 * Full path of a summary inside `folder`.
 * @throws UnsafeFileNameError when the name is unsafe or the path would leave `folder`.
 */
export function recapitulatifPath(folder: string, d: NamedDeclaration): string {
  return pathInside(folder, recapitulatifFileName(d))
}

/**
 * Full path of a file named `fileName` inside `folder`.
 * @throws UnsafeFileNameError (`CHEMIN`) when the path would leave `folder`.
 */
export function pathInside(folder: string, fileName: string): string {
  const path = resolve(folder, fileName)
  check(isInside(folder, path), 'CHEMIN')
  return path
}

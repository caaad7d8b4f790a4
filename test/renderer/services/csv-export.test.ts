import '../support/db'

import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { enqueue } from '../../../src-renderer/db/outbox'
import { applyOutcomes, claimBatch } from '../../../src-renderer/db/outbox-sync'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { BOM, exportAuditCsv, exportQueueCsv, maskPersonalData } from '../../../src-renderer/services/csv-export'
import { dbWithReference, testEnv } from '../support/db'
import { testCsvWords } from '../support/words'
import { SIREN, valid } from '../support/fixtures'
import { syncedOutcome } from '../support/fakes'

const NIR = '185057800608491'
const IBAN = 'FR7630006000011234567890189'

let db: PaieDb
const env = testEnv()
const words = testCsvWords('fr')
const QUEUE_CSV_FIELDS = words.queueFields
const AUDIT_CSV_FIELDS = words.auditFields

beforeEach(async () => {
  db = await dbWithReference()
})
afterEach(async () => {
  await db.delete()
})

function parse(csv: string): string[][] {
  return Papa.parse<string[]>(csv.slice(1), { delimiter: ';' }).data.filter((r) => r.length > 1)
}

describe('export CSV de la file', () => {
  it('commence par le BOM, sépare par « ; », a l’en-tête français et la virgule décimale', async () => {
    await enqueue(db, { kind: 'prime', payload: valid.prime({ montant: '1234.50' }) }, env)
    await enqueue(db, { kind: 'absence', payload: valid.absence() }, env)
    expect(QUEUE_CSV_FIELDS).toEqual([
      'Dossier (SIREN)',
      'Matricule',
      'Type',
      'Opération',
      'Période',
      'Code',
      'Date de début',
      'Date de fin',
      'Quantité',
      'Taux',
      'Montant',
      'Kilomètres',
      'Valeur texte',
      'État',
      'Révision',
      'Tentatives',
      'Erreur',
      'Identifiant serveur',
      'Identifiant de saisie',
      'Créée le',
      'Modifiée le',
    ])
    const csv = await exportQueueCsv(db, words)
    expect(csv.startsWith(BOM)).toBe(true)
    expect(csv.split('\r\n')[0]).toBe(BOM + QUEUE_CSV_FIELDS.join(';'))
    const [header, ...rows] = parse(csv)
    expect(header).toEqual([...QUEUE_CSV_FIELDS])
    expect(rows).toHaveLength(2)
    const prime = rows.find((r) => r[2] === 'Prime ou indemnité')
    expect(prime?.slice(0, 6)).toEqual([SIREN, 'M001', 'Prime ou indemnité', 'création', '2026-11', 'PREXC'])
    expect(prime?.[10]).toBe('1234,50')
    expect(prime?.[13]).toBe('en attente')
    const absence = rows.find((r) => r[2] === 'Absence')
    expect(absence?.slice(5, 8)).toEqual(['CP', '2026-11-02', '2026-11-04'])
  })

  it('n’exporte ni NIR, ni IBAN, ni commentaire libre', async () => {
    await enqueue(
      db,
      { kind: 'evp', payload: valid.evp({ code_evp: 'OBS', quantite: null, valeur_texte: `NIR ${NIR}`, commentaire: `IBAN ${IBAN}` }) },
      env,
    )
    const csv = await exportQueueCsv(db, words)
    expect(csv).not.toContain(NIR)
    expect(csv).not.toContain(IBAN)
    expect(csv).not.toContain('IBAN')
    expect(csv).toContain('NIR [masqué]')
  })

  it('filtre comme la file et neutralise les formules', async () => {
    await enqueue(db, { kind: 'evp', payload: valid.evp({ code_evp: 'OBS', quantite: null, valeur_texte: '=HYPERLINK("x")' }) }, env)
    await enqueue(db, { kind: 'prime', payload: valid.prime() }, env)
    const rows = parse(await exportQueueCsv(db, words, { kind: 'evp' })).slice(1)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.[12]).toBe('\'=HYPERLINK("x")')
  })
})

describe('export CSV du journal d’audit', () => {
  it('liste chaque essai sans le corps d’erreur', async () => {
    await enqueue(db, { kind: 'evp', payload: valid.evp() }, env)
    const items = await claimBatch(db, 10, [], env)
    const outcome = syncedOutcome(items[0]!)
    await applyOutcomes(db, items, [{ ...outcome, attempts: [{ ...outcome.attempts[0]!, errorBody: { message: `IBAN ${IBAN}` } }] }], env)
    expect(AUDIT_CSV_FIELDS).toEqual([
      'Horodatage',
      'Dossier (SIREN)',
      'Type',
      'Identifiant de saisie',
      'Révision',
      'Opération',
      'Méthode',
      'Statut HTTP',
      'Identifiant serveur',
      'Code erreur',
      'Résultat',
      'Durée (ms)',
      'Empreinte du contenu (SHA-256)',
    ])
    const csv = await exportAuditCsv(db, words)
    expect(csv.startsWith(BOM + AUDIT_CSV_FIELDS.join(';'))).toBe(true)
    const [, row] = parse(csv)
    expect(row).toEqual([
      '2026-11-20T09:00:00.000Z',
      SIREN,
      'EVP',
      items[0]!.clientId,
      '1',
      'creer',
      'POST',
      '201',
      outcome.serverId,
      '',
      'synchronisé',
      '12',
      'ab'.repeat(32),
    ])
    expect(csv).not.toContain(IBAN)
  })
})

describe('maskPersonalData', () => {
  it('masque NIR (avec ou sans espaces, Corse comprise) et IBAN, garde le reste', () => {
    expect(maskPersonalData('nir 1 85 05 78 006 084 91 fin', '[masqué]')).toBe('nir [masqué] fin')
    expect(maskPersonalData('nir 285062A123456 78', '[masqué]')).toBe('nir [masqué]')
    expect(maskPersonalData('FR76 3000 6000 0112 3456 7890 189', '[masqué]')).toBe('[masqué]')
    expect(maskPersonalData('Montant 1234,50 pour M001', '[masqué]')).toBe('Montant 1234,50 pour M001')
  })
})

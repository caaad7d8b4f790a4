/**
 * The people channels served through the dispatcher against the real sandbox (issue 16): the employee sheet (IBAN
 * masked, no NIR, contracts with working time and definition, notes with the refusal motifs), a code list, and an
 * extraction launched, followed until its file is ready, then downloaded by main's download jobs to disk.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EXTRACTIONS_SUBFOLDER } from '../../../src-main/declarations/jobs'
import { EXTRACTION_DUREE_MS } from '../../../src-sandbox/handlers/notes'
import type { ExtractionSummary } from '../../../src-shared/domain/extractions'
import type { CodesListResult, SalarieSheet } from '../../../src-shared/domain/people'
import { finished, ok, refused, sandboxPerTest, serveWithDownloads } from '../../support/ipc-sandbox'

const env = sandboxPerTest('people-ipc-')

function serve() {
  return serveWithDownloads(env)
}

describe('salaries:sheet', () => {
  it('answers the employee with the IBAN masked but its last 4, no NIR, his contracts in full and his notes', async () => {
    const { dispatch } = serve()
    // An employee with bank details, a payslip refusal note and at least one contract.
    const refusal = env.sandbox.store.notes.find(
      (n) =>
        n.type === 'refus_bulletin' &&
        n.matricule !== null &&
        env.sandbox.store.salaries.some((s) => s.matricule === n.matricule && s.informations_paiement.coordonnees_bancaires !== null),
    )!
    const stored = env.sandbox.store.salaries.find((s) => s.siren === refusal.siren && s.matricule === refusal.matricule)!
    const iban = stored.informations_paiement.coordonnees_bancaires!.iban
    const sheet = await ok<SalarieSheet>(dispatch('salaries:sheet', { siren: stored.siren, matricule: stored.matricule }))

    const wire = JSON.stringify(sheet)
    expect(wire).not.toContain(iban)
    expect(wire).not.toContain(stored.nir)
    expect(sheet.salarie.informations_paiement.coordonnees_bancaires?.iban_masque.endsWith(` ${iban.slice(-4)}`)).toBe(true)
    expect(sheet.salarie.informations_paiement.coordonnees_bancaires?.bic).toBe(stored.informations_paiement.coordonnees_bancaires!.bic)
    expect(sheet.salarie.nic).toBe(stored.nic)
    expect(sheet.salarie.regime_social).toEqual(stored.regime_social)
    expect(sheet.salarie.date_ouverture_coffre).toBe(stored.date_ouverture_coffre)

    const contrats = env.sandbox.store.contrats.filter((c) => c.siren === stored.siren && c.matricule === stored.matricule)
    expect(sheet.contrats.map((c) => c.contrat.numero_contrat).sort()).toEqual(contrats.map((c) => c.numero_contrat).sort())
    for (const c of sheet.contrats) {
      const s = contrats.find((x) => x.numero_contrat === c.contrat.numero_contrat)!
      expect(c.dureeTravail.tableau_horaire).toEqual(s.duree_travail.tableau_horaire)
      expect(c.definition.numero_contrat).toBe(s.numero_contrat)
    }
    const notes = env.sandbox.store.notes.filter((n) => n.siren === stored.siren && n.matricule === stored.matricule)
    expect(sheet.notes.map((n) => n.id).sort()).toEqual(notes.map((n) => n.id).sort())
    expect(sheet.notes.find((n) => n.id === refusal.id)?.texte).toBe(refusal.texte)
  })

  it('refuses an unknown employee with the service’s code, worded as the sheet’s', async () => {
    const { dispatch } = serve()
    const siren = env.sandbox.store.dossiers[0]!.siren
    const error = await refused(dispatch('salaries:sheet', { siren, matricule: 'INCONNU42' }))
    expect(error.code).toMatch(/INTROUVABLE/)
    expect(error.params?.['contexte']).toBe('SALARIE')
  })
})

describe('codes:list', () => {
  it('answers a dynamic code list with its read instant', async () => {
    const { dispatch } = serve()
    const list = await ok<CodesListResult>(dispatch('codes:list', { nomCode: 'natures_contrat' }))
    expect(list.nom).toBe('natures_contrat')
    expect(list.elements.find((e) => e.code === '01')?.libelle).toMatch(/indéterminée/)
    expect(Date.parse(list.fetchedAt)).not.toBeNaN()
  })
})

describe('extractions', () => {
  it('launches one, follows it until it is done, and downloads its CSV to disk atomically', async () => {
    const { dispatch, events, opened } = serve()
    const dossier = env.sandbox.store.dossiers[0]!
    const periode = dossier.periode_paie_en_cours
    const launched = await ok<ExtractionSummary>(dispatch('extractions:start', { siren: dossier.siren, type: 'salaries', periode }))
    expect(launched.statut).toBe('en_cours')
    expect(launched).not.toHaveProperty('lignes')
    const ref = { id: launched.id, siren: dossier.siren, type: 'salaries', periode }

    // Its file is refused while it runs: the job fails with the service's code, nothing is written.
    const early = await ok<{ jobId: string }>(dispatch('extractions:download', { extraction: ref, destination: 'defaut' }))
    const failed = await finished(events, early.jobId)
    expect(failed.files[0]?.state).toBe('echec')
    expect(failed.files[0]?.error?.code).toBe('EXTRACTION_EN_COURS')

    await new Promise((r) => setTimeout(r, EXTRACTION_DUREE_MS + 100))
    const done = await ok<ExtractionSummary>(dispatch('extractions:read', { id: launched.id }))
    expect(done.statut).toBe('terminee')
    const listed = await ok<{ extractions: ExtractionSummary[] }>(dispatch('extractions:list', { siren: dossier.siren }))
    expect(listed.extractions.find((e) => e.id === launched.id)?.statut).toBe('terminee')

    const started = await ok<{ jobId: string; folder: string }>(
      dispatch('extractions:download', { extraction: ref, destination: 'defaut' }),
    )
    expect(started.folder).toBe(join(env.root, 'Téléchargements', EXTRACTIONS_SUBFOLDER))
    const job = await finished(events, started.jobId)
    expect(job.done).toBe(1)
    const file = job.files[0]!
    expect(file.fileName).toMatch(new RegExp(`^extraction_salaries_${dossier.siren}_${periode}_[0-9a-f]{8}\\.csv$`))
    expect(file.path).toBe(join(started.folder, dossier.siren, file.fileName))
    const text = await readFile(file.path!, 'utf8')
    const stored = env.sandbox.store.extractions.find((e) => e.id === launched.id)!
    expect(text.startsWith('\uFEFFmatricule;nom;prenom;nic;date_entree;date_sortie\r\n')).toBe(true)
    expect(text.trimEnd().split('\r\n')).toHaveLength(stored.lignes.length + 1)
    expect(file.bytes).toBe(Buffer.byteLength(text))
    // Nothing but the file: no temporary part left behind by the refused or the written download.
    expect(await readdir(join(started.folder, dossier.siren))).toEqual([file.fileName])

    // The file just written opens with the system's application; a CSV main did not write is refused.
    await ok(dispatch('downloads:open', { path: file.path }))
    expect(opened).toEqual([file.path])
    const other = await refused(dispatch('downloads:open', { path: join(started.folder, dossier.siren, 'autre.csv') }))
    expect(other.code).toBe('CHEMIN_REFUSE')
  })
})

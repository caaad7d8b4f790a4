/**
 * A sandbox kept in a file (`storeFile`): what it acknowledged survives a stop and a start on the same file,
 * including creations, in-place changes and deletions; a journal line cut by a crash is ignored; a reset writes a
 * fresh snapshot.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import { journalPathOf, loadStoreFile } from '../../src-sandbox/store/persist'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type { Absence, Evp } from '../../src-shared/api/entries'
import { call, qs, quietEmployee, sirenOf, startTestSandbox, tokenFor } from './helpers'

const siren = sirenOf('A')
let running: RunningSandbox | null = null
/** Store files made by {@link storePath} in the running test. */
const files: string[] = []

afterEach(async () => {
  await running?.close()
  running = null
  // Once the sandbox is closed: it writes its journal and snapshots in the folder until then.
  for (const file of files.splice(0)) rmSync(dirname(file), { recursive: true, force: true })
})

/** A store file in a new temporary folder, deleted after the test. */
function storePath(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'paie-sandbox-store-')), 'store.json')
  files.push(file)
  return file
}

async function start(file: string): Promise<RunningSandbox> {
  running = await startTestSandbox({ storeFile: file })
  return running
}

describe('sandbox store kept in a file', () => {
  it('serves after a restart every write it acknowledged: create, patch, delete', async () => {
    const file = storePath()
    const first = await start(file)
    const periode = first.store.dossiers.find((d) => d.siren === siren)?.periode_paie_en_cours ?? ''
    const { matricule } = quietEmployee(first.store, siren, `${periode}-01`, `${periode}-31`, 0)
    const code = (first.store.codesEvp[siren] ?? []).find((c) => c.format === 'quantite')?.code ?? ''
    const absenceCode =
      first.store.codesAbsences.find((c) => (first.store.codesAbsencesParDossier[siren] ?? []).includes(c.code))?.code ?? ''
    const token = await tokenFor(first.url)
    const evpCount = first.store.evp.length

    const created = await call<Evp>(first.url, '/api/evp', {
      token,
      method: 'POST',
      body: { siren, matricule, periode, code_evp: code, quantite: '2' },
    })
    expect(created.status).toBe(201)
    const absence = {
      siren,
      matricule,
      code_absence: absenceCode,
      date_debut: `${periode}-02`,
      date_fin: `${periode}-02`,
      demi_journee_debut: false,
      demi_journee_fin: false,
    }
    const kept = await call<Absence>(first.url, '/api/absences', { token, method: 'POST', body: absence })
    const removed = await call<Absence>(first.url, '/api/absences', {
      token,
      method: 'POST',
      body: { ...absence, date_debut: `${periode}-09`, date_fin: `${periode}-09` },
    })
    expect([kept.status, removed.status]).toEqual([201, 201])
    expect(
      (await call(first.url, `/api/absences/${kept.body.id}`, { token, method: 'PATCH', body: { commentaire: 'Certificat reçu' } })).status,
    ).toBe(200)
    expect((await call(first.url, `/api/absences/${removed.body.id}`, { token, method: 'DELETE' })).status).toBe(204)
    // A refused write changes nothing.
    expect(
      (await call(first.url, '/api/evp', { token, method: 'POST', body: { siren, matricule, periode, code_evp: 'NOPE', quantite: '1' } }))
        .status,
    ).toBe(422)
    await first.close()
    running = null

    // Killed here: the file alone holds the data.
    const onDisk = loadStoreFile(file)
    expect(onDisk?.evp).toHaveLength(evpCount + 1)
    expect(onDisk?.evp.at(-1)).toEqual(created.body)

    const second = await start(file)
    expect(second.store.evp).toHaveLength(evpCount + 1)
    const token2 = await tokenFor(second.url)
    const read = await call<{ elements: Absence[] }>(second.url, `/api/absences${qs({ siren, matricule })}`, { token: token2 })
    expect(read.status).toBe(200)
    expect(read.body.elements.map((a) => [a.id, a.commentaire])).toEqual([[kept.body.id, 'Certificat reçu']])
    expect((await call(second.url, `/api/absences/${removed.body.id}`, { token: token2, method: 'DELETE' })).status).toBe(404)
    // The start wrote a new snapshot and emptied the journal.
    expect(readFileSync(journalPathOf(file), 'utf8')).toBe('')
  })

  it('keeps the end of an assignment after a restart (PATCH affectations-dossier journalled)', async () => {
    const file = storePath()
    const first = await start(file)
    const token = await tokenFor(first.url)
    const path = `/api/dossiers/${siren}/affectations-dossier`
    const opened = await call(first.url, path, {
      token,
      method: 'POST',
      body: { matricule_utilisateur: 'GP004', date_debut: '2030-01-01' },
    })
    expect(opened.status).toBe(201)
    const body = { matricule_utilisateur: 'GP004', date_debut: '2030-01-01', date_fin: '2030-03-31' }
    expect((await call(first.url, path, { token, method: 'PATCH', body })).status).toBe(200)
    await first.close()
    running = null

    const second = await start(file)
    const read = await call<AffectationDossier[]>(second.url, path, { token: await tokenFor(second.url) })
    expect(read.body.filter((a) => a.date_debut === '2030-01-01')).toEqual([{ ...body, siren }])
  })

  it('ignores a journal line cut by a crash (never acknowledged) and keeps the lines before it', async () => {
    const file = storePath()
    const first = await start(file)
    const before = first.store.notes.length
    await first.close()
    running = null
    appendFileSync(
      journalPathOf(file),
      `${JSON.stringify([{ p: ['cabinet', 'raison_sociale'], v: 'Cabinet renommé' }])}\n[{"p":["notes","${before}"],"v":{"id":"x"`,
    )
    const store = loadStoreFile(file)
    expect(store?.cabinet.raison_sociale).toBe('Cabinet renommé')
    expect(store?.notes).toHaveLength(before)
  })

  it('writes a fresh snapshot on reset', async () => {
    const file = storePath()
    const first = await start(file)
    const seeded = first.store.evp.length
    const token = await tokenFor(first.url)
    const periode = first.store.dossiers.find((d) => d.siren === siren)?.periode_paie_en_cours ?? ''
    const { matricule } = quietEmployee(first.store, siren, `${periode}-01`, `${periode}-31`, 1)
    const code = (first.store.codesEvp[siren] ?? []).find((c) => c.format === 'quantite')?.code ?? ''
    expect(
      (await call(first.url, '/api/evp', { token, method: 'POST', body: { siren, matricule, periode, code_evp: code, quantite: '1' } }))
        .status,
    ).toBe(201)
    expect(loadStoreFile(file)?.evp).toHaveLength(seeded + 1)
    expect((await fetch(`${first.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(204)
    expect(loadStoreFile(file)?.evp).toHaveLength(seeded)
  })
})

describe('the clock of a sandbox kept in a file', () => {
  it('goes on after a restart on the same file: it never answers a Date before the instants it already served', async () => {
    const file = storePath()
    const first = await start(file)
    const before = Date.parse((await fetch(`${first.url}/api/health`)).headers.get('date') ?? '')
    await new Promise((r) => setTimeout(r, 1_100))
    await first.close()
    running = null
    const second = await start(file)
    const after = Date.parse((await fetch(`${second.url}/api/health`)).headers.get('date') ?? '')
    expect(Number.isNaN(before) || Number.isNaN(after)).toBe(false)
    expect(after - before).toBeGreaterThanOrEqual(1_000)
  })
})

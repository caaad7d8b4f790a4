import { describe, expect, it } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import { createSeedStore } from '../../src-sandbox/store/seed'
import { renderRecapitulatifPdf, type RecapitulatifInput } from '../../src-sandbox/pdf'

const store = createSeedStore({ seed: 3, today: '2026-12-10' })
const dossier = store.dossiers[0]
const declaration = store.declarations.find((d) => d.siren === dossier?.siren && d.periode === '2026-11' && d.date_envoi !== null)

function input(): RecapitulatifInput {
  if (dossier === undefined || declaration === undefined) throw new Error('Seed sans déclaration de novembre 2026')
  return {
    declaration,
    dossier,
    totals: { brut: '512345.67', cotisations_salariales: '112000.10', cotisations_patronales: '201234.00', net_a_payer: '400345.57' },
  }
}

/** Text of every page of a PDF (a copy of the bytes is given: pdf.js may detach the buffer it reads). */
async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(pdf, { mergePages: true })
  return text
}

describe('renderRecapitulatifPdf', () => {
  it('renders a PDF whose text carries the SIREN, the SIRET, the period and the labels', async () => {
    const bytes = await renderRecapitulatifPdf(input())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const text = await textOf(bytes)
    const siren = input().dossier.siren
    expect(text).toContain('Récapitulatif de DSN')
    expect(text).toContain(siren)
    expect(text).toContain(`${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`)
    expect(text).toContain(`${siren}${input().declaration.nic}`)
    expect(text).toContain('2026-11')
    expect(text).toContain('novembre 2026')
    expect(text).toContain('DSN mensuelle')
    expect(text).toContain('Normale')
    expect(text).toContain('512 345,67 EUR')
    expect(text).toContain(String(input().declaration.nombre_salaries))
  })

  it('gives identical bytes for the same input', async () => {
    const first = await renderRecapitulatifPdf(input())
    const second = await renderRecapitulatifPdf(input())
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true)
  })

  it('renders an event-based DSN with the employee and the event date', async () => {
    const evenement = store.declarationsEvenementielles.find((e) => e.nature === '02' && e.siren === dossier?.siren)
    const owner = store.dossiers.find((d) => d.siren === evenement?.siren)
    if (evenement === undefined || owner === undefined) throw new Error('Seed sans signalement de fin de contrat')
    const text = await textOf(await renderRecapitulatifPdf({ declaration: evenement, dossier: owner }))
    expect(text).toContain(evenement.matricule)
    expect(text).toContain('fin du contrat de travail')
    expect(text).toContain('non communiqué')
  })

  it('replaces characters Helvetica cannot encode instead of failing', async () => {
    const base = input()
    const bytes = await renderRecapitulatifPdf({ ...base, dossier: { ...base.dossier, raison_sociale: 'L’Atelier … “Œuvre” 株式会社 🚀' } })
    const text = await textOf(bytes)
    expect(text).toContain('L\'Atelier ... "OEuvre"')
  })
})

import { describe, expect, it } from 'vitest'

import { fieldsOf, toFormValue, toPayload } from '../../../src-renderer/features/entry/fieldSpecs'
import { fieldName, groupIssues, textOrUndefined } from '../../../src-renderer/components/formIssues'
import { pagesFor, pagesToEvict, planPage, rowAt } from '../../../src-renderer/features/queue/queuePages'
import { pendingCount, totalCount } from '../../../src-renderer/components/counts'

describe('form issues', () => {
  it('puts issues on visible fields and the rest on top', () => {
    const grouped = groupIssues(
      [
        { champ: 'date_fin', message: 'La date de fin précède la date de début' },
        { champ: 'body.montant', message: 'Montant invalide' },
        { champ: '', message: 'Dossier clôturé' },
        { champ: 'siren', message: 'SIREN inconnu' },
      ],
      ['date_fin', 'montant'],
    )
    expect(grouped.byField).toEqual({ date_fin: 'La date de fin précède la date de début', montant: 'Montant invalide' })
    expect(grouped.general).toEqual([
      { champ: '', message: 'Dossier clôturé' },
      { champ: 'siren', message: 'SIREN inconnu' },
    ])
  })

  it('normalises API paths', () => {
    expect(fieldName('body.salaries[2].iban')).toBe('salaries')
    expect(fieldName('query.du')).toBe('du')
    expect(textOrUndefined('  ')).toBeUndefined()
  })
})

describe('entry edit form', () => {
  const payload = {
    siren: '732829320',
    matricule: 'M1',
    type_frais: 'repas',
    date: '2026-11-14',
    periode: '2026-11',
    montant: '1234.5',
    commentaire: 'x',
  }
  const specs = fieldsOf('frais', 'create', payload)

  it('shows decimals in French and reads them back', () => {
    const montant = specs.find((s) => s.name === 'montant')
    expect(montant === undefined ? '' : toFormValue(montant, '1234.5')).toBe('1\u00a0234,5')
    const values = Object.fromEntries(specs.map((s) => [s.name, toFormValue(s, payload[s.name as keyof typeof payload])]))
    expect(toPayload(specs, { ...values, montant: '12,50', commentaire: '' }, payload, 'create')).toEqual({
      payload: { siren: '732829320', matricule: 'M1', type_frais: 'repas', date: '2026-11-14', periode: '2026-11', montant: '12.50' },
      unreadable: [],
    })
  })

  it('lists unreadable numbers and passes them on as typed (the schema then refuses them with the other fields)', () => {
    const built = toPayload(specs, { montant: 'douze' }, payload, 'create')
    expect(built.unreadable).toEqual(['montant'])
    expect(built.payload['montant']).toBe('douze')
  })

  it('clears emptied fields in a patch, and shows only patched fields', () => {
    const patch = { quantite: '2', commentaire: 'a' }
    const patchSpecs = fieldsOf('evp', 'update', patch)
    expect(patchSpecs.map((s) => s.name)).toEqual(['quantite', 'commentaire'])
    expect(toPayload(patchSpecs, { quantite: '3', commentaire: '' }, patch, 'update')).toEqual({
      payload: { quantite: '3', commentaire: null },
      unreadable: [],
    })
    expect(fieldsOf('evp', 'delete', null)).toEqual([])
  })
})

describe('queue pages', () => {
  it('covers the visible rows with a margin, within the total', () => {
    expect(pagesFor(0, 20, 1000, 100)).toEqual([0, 1])
    expect(pagesFor(450, 470, 1000, 100)).toEqual([3, 4, 5])
    expect(pagesFor(990, 999, 1000, 100)).toEqual([8, 9])
    expect(pagesFor(0, 10, 0, 100)).toEqual([])
  })

  it('reads rows from loaded pages and evicts the farthest', () => {
    const pages = new Map([
      [0, ['a', 'b']],
      [1, ['c']],
    ])
    expect(rowAt(pages, 2, 2)).toBe('c')
    expect(rowAt(pages, 5, 2)).toBeUndefined()
    expect(pagesToEvict([0, 1, 2, 8, 9], 1, 3)).toEqual([9, 8])
  })
})

describe('counts', () => {
  it('counts pending as queued + sending + unknown', () => {
    expect(pendingCount({ queued: 3, sending: 1, unknown: 2, rejected: 5, synced: 9 })).toBe(6)
    expect(pendingCount(undefined)).toBe(0)
    expect(totalCount({ queued: 3, rejected: 5 })).toBe(8)
  })
})

describe('planPage (pagination par clé de la file)', () => {
  it('lit la page qui suit une page chargée depuis sa dernière ligne, sans rien sauter, même au fond de 50 000 lignes', () => {
    expect(planPage(401, 100, 50_000, [400], [400])).toEqual({ direction: 'after', anchor: 400, skip: 0, limit: 100 })
    expect(planPage(399, 100, 50_000, [400], [400])).toEqual({ direction: 'before', anchor: 400, skip: 0, limit: 100 })
  })

  it('sans page voisine, part du bout le plus proche de la file', () => {
    expect(planPage(0, 100, 50_000, [], [])).toEqual({ direction: 'after', anchor: null, skip: 0, limit: 100 })
    expect(planPage(3, 100, 50_000, [], [])).toEqual({ direction: 'after', anchor: null, skip: 300, limit: 100 })
    // The last page (rows 49 900…49 999) is read from the bottom, skipping nothing; a short last page too.
    expect(planPage(499, 100, 50_000, [], [])).toEqual({ direction: 'before', anchor: null, skip: 0, limit: 100 })
    expect(planPage(499, 100, 49_950, [], [])).toEqual({ direction: 'before', anchor: null, skip: 0, limit: 50 })
    expect(planPage(480, 100, 50_000, [], [])).toEqual({ direction: 'before', anchor: null, skip: 1_900, limit: 100 })
  })

  it('un saut part de la page chargée la plus proche quand elle est plus près qu’un bout', () => {
    expect(planPage(250, 100, 50_000, [240], [240])).toEqual({ direction: 'after', anchor: 240, skip: 900, limit: 100 })
    expect(planPage(250, 100, 50_000, [], [260])).toEqual({ direction: 'before', anchor: 260, skip: 900, limit: 100 })
  })
})

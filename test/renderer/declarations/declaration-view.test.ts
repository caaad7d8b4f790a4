// @vitest-environment happy-dom
/**
 * One declaration's screen (DeclarationView.vue, issue 18 point 2): the cached row shown at once, read again from the
 * service (the cache updated), the PDF summary asked from main and handed to the viewer (pdf.js is replaced: happy-dom
 * has no canvas), a refusal worded; the status filter of the list (services/declarations-cache.ts).
 */
import '../support/db'

import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import DeclarationView from '../../../src-renderer/features/declarations/DeclarationView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { dsnStatusOf, matchesFilters, searchInputOf, type DeclarationFilters } from '../../../src-renderer/services/declarations-cache'
import { useDeclarationsApi } from '../../../src-renderer/stores/declarations'
import type { DeclarationRow } from '../../../src-shared/domain/declarations'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { SIREN, SIREN_2 } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { byTestId, settled, withRights } from '../support/screens'

const drawn: Uint8Array[] = []
vi.mock('../../../src-renderer/features/declarations/pdf', () => ({
  bytesOfBase64: (b: string) => Uint8Array.from(atob(b), (c) => c.charCodeAt(0)),
  renderPdfPages: (bytes: Uint8Array) => {
    drawn.push(bytes)
    return Promise.resolve({ pages: 3, rendered: 2 })
  },
}))

const ID = 'a1b2c3d4-0000-4000-8000-000000000004'
const EVENT: DeclarationRow = {
  kind: 'evenementielle',
  id: ID,
  siren: SIREN,
  nic: '00017',
  periode: '2026-10',
  nature: '04',
  type: '01',
  statut: 'deposee',
  date_envoi: '2026-10-07T09:00:00.000Z',
  date_dernier_envoi: '2026-10-07T09:00:00.000Z',
  nombre_salaries: 1,
  recapitulatif_disponible: true,
  matricule: 'M001',
  date_evenement: '2026-10-06',
}

let app: TestApp
let wrapper: VueWrapper | undefined
let detail: () => IpcResult<{ declaration: DeclarationRow; fetchedAt: string }>
let recap: () => IpcResult<{ id: string; base64: string; bytes: number }>

beforeEach(async () => {
  app = await testApp()
  drawn.length = 0
  detail = () => ({ ok: true, value: { declaration: { ...EVENT, statut: 'acceptee' }, fetchedAt: '2026-11-20T09:00:00.000Z' } })
  recap = () => ({ ok: true, value: { id: ID, base64: btoa('%PDF-1.7 test'), bytes: 13 } })
  const unused = (): Promise<never> => Promise.reject(new Error('non utilisé'))
  useDeclarationsApi({
    'declarations:search': unused,
    'declarations:detail': () => Promise.resolve(detail()),
    'declarations:recapitulatif': () => Promise.resolve(recap()),
    'downloads:start': unused,
    'downloads:cancel': unused,
    'downloads:list': () => Promise.resolve({ ok: true, value: [] }),
    'downloads:open': unused,
    'downloads:show': unused,
    'downloads:chooseFolder': unused,
    onDownloadsChanged: () => () => undefined,
  })
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  useDeclarationsApi(null)
  await app.dispose()
})

const testId = byTestId

const until = settled

describe('DeclarationView', () => {
  it('shows the cached declaration, reads it again, then draws its summary', async () => {
    await app.db.declarations.put(EVENT)
    await withRights(app, ['declarations'])
    wrapper = mountIn(app, DeclarationView, { id: ID }, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('declaration-read-at')).exists()).toBe(true)
    })
    expect(wrapper.find(testId('declaration-view')).attributes('data-kind')).toBe('evenementielle')
    expect(wrapper.find(testId('declaration-field-statut')).text()).toBe('Acceptée')
    expect(wrapper.find(testId('declaration-field-matricule')).text()).toBe('M001')
    expect(wrapper.find(testId('declaration-field-evenement')).text()).toBe('06/10/2026')
    expect((await app.db.declarations.get(ID))?.statut).toBe('acceptee')

    await wrapper.find(testId('show-recapitulatif')).trigger('click')
    await until(() => {
      expect(wrapper?.find(testId('pdf-viewer')).attributes('data-rendered')).toBe('2')
    })
    expect(new TextDecoder().decode(drawn[0])).toBe('%PDF-1.7 test')
    expect(wrapper.find(testId('pdf-viewer')).text()).toMatch(/2 premières pages sur 3/)
  })

  it('keeps the cached fields when the service does not answer, and words a refused summary', async () => {
    await app.db.declarations.put(EVENT)
    await withRights(app, ['declarations'])
    detail = () => ({ ok: false, error: { code: 'RESEAU_INJOIGNABLE', message: 'offline' } })
    recap = () => ({ ok: false, error: { code: 'RECAPITULATIF_INVALIDE', message: 'no signature' } })
    wrapper = mountIn(app, DeclarationView, { id: ID }, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('declaration-read-error')).exists()).toBe(true)
    })
    expect(wrapper.find(testId('declaration-field-statut')).text()).toBe('Déposée')
    await wrapper.find(testId('show-recapitulatif')).trigger('click')
    await until(() => {
      expect(wrapper?.find(testId('recapitulatif-error')).text()).toMatch(/PDF/)
    })
    expect(wrapper.find(testId('pdf-viewer')).exists()).toBe(false)
  })

  it('says why without the declarations right and reads nothing from the service', async () => {
    await app.db.declarations.put(EVENT)
    await withRights(app, ['dossiers'])
    let asked = 0
    detail = () => {
      asked += 1
      return { ok: true, value: { declaration: EVENT, fetchedAt: '2026-11-20T09:00:00.000Z' } }
    }
    wrapper = mountIn(app, DeclarationView, { id: ID }, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId('right-missing-declarations')).exists()).toBe(true)
    })
    expect(asked).toBe(0)
    expect(wrapper.find(testId('show-recapitulatif')).attributes('disabled')).toBeDefined()
  })
})

describe('status filter of the list', () => {
  const none: DeclarationFilters = { sirens: [], periodeDu: '', periodeAu: '', nature: '', dateEnvoiDu: '', dateEnvoiAu: '', statut: '' }

  it('keeps only the rows of the status, and asks the server for it', () => {
    expect(matchesFilters(EVENT, { ...none, statut: 'deposee' })).toBe(true)
    expect(matchesFilters(EVENT, { ...none, statut: 'rejetee' })).toBe(false)
    expect(searchInputOf({ ...none, statut: 'rejetee', nature: '04' })).toEqual({ statuts: ['rejetee'], kinds: ['evenementielle'] })
  })
})

describe('DSN of the month per dossier (cabinet screen)', () => {
  function monthly(nic: string, statut: DeclarationRow['statut'], last: string | null, n: number): DeclarationRow {
    return {
      kind: 'periodique',
      id: `a1b2c3d4-0000-4000-8000-00000000010${String(n)}`,
      siren: SIREN,
      nic,
      periode: '2026-10',
      nature: '01',
      type: '01',
      statut,
      date_envoi: last,
      date_dernier_envoi: last,
      nombre_salaries: 3,
      recapitulatif_disponible: last !== null,
    }
  }

  it('takes each establishment’s latest deposit, then the least advanced establishment', () => {
    const rejectedThenAccepted = [
      monthly('00017', 'rejetee', '2026-11-05T09:00:00.000Z', 1),
      monthly('00017', 'acceptee', '2026-11-07T09:00:00.000Z', 2),
    ]
    expect(dsnStatusOf(rejectedThenAccepted, SIREN, '2026-10')).toBe('acceptee')
    expect(dsnStatusOf([...rejectedThenAccepted, monthly('00025', 'deposee', '2026-11-06T09:00:00.000Z', 3)], SIREN, '2026-10')).toBe(
      'deposee',
    )
    expect(dsnStatusOf([...rejectedThenAccepted, monthly('00025', 'en_preparation', null, 4)], SIREN, '2026-10')).toBe('en_preparation')
    expect(dsnStatusOf(rejectedThenAccepted, SIREN, '2026-11')).toBe('aucune')
    expect(dsnStatusOf([EVENT], SIREN, '2026-10')).toBe('aucune')
  })

  it('is shown on the cabinet screen from the cached list', async () => {
    await app.db.declarations.bulkPut([
      monthly('00017', 'rejetee', '2026-12-05T09:00:00.000Z', 5),
      { ...monthly('00017', 'acceptee', null, 6), periode: '2026-11' },
    ])
    const { default: CabinetView } = await import('../../../src-renderer/features/cabinet/CabinetView.vue')
    await withRights(app, ['dossiers'])
    wrapper = mountIn(app, CabinetView, {}, createAppRouter())
    await until(() => {
      expect(wrapper?.find(testId(`dossier-dsn-${SIREN}`)).attributes('data-statut')).toBe('acceptee')
    })
    expect(wrapper.find(testId(`dossier-dsn-${SIREN_2}`)).text()).toBe('Aucune en cache')
  })
})

/**
 * Main reports codes and parameters, the renderer words them (issue 13, point 6; src-shared/domain/reports.ts): every
 * code main (and the renderer's sync) can report has its wording, in French and in English, at the place the clerk
 * reads it. Codes come from the producers' own constants, and from a scan of the sources for the codes written
 * inline (`new DownloadError('X', …)`, `fail('X', …)`), so a new code without wording fails here.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { ERROR_CODES } from '../../src-shared/api/common'
import { PROFILE_PROBLEMS, REPORT_CONTEXTS, REPORT_FOLLOW_UPS, TOKEN_FAILURE, UNREADABLE_ANSWER } from '../../src-shared/domain/reports'
import { IPC_ERROR_CODES } from '../../src-shared/ipc/contract'
import { TRANSPORT_CODES } from '../../src-main/api/errors'
import { PAGINATION_SANS_FIN } from '../../src-main/api/paging'
import { CONNEXION_ABSENTE } from '../../src-main/ipc/handlers/shared'
import { KEYCHAIN_UNAVAILABLE } from '../../src-main/profiles/keychain'
import { PROFILE_ERROR_CODES } from '../../src-main/profiles/service'
import { TO_CHECK_REASONS } from '../../src-main/sync/matching'
import { ERREUR_INTERNE } from '../../src-main/sync/outcomes'
import { SAISIE_ILLISIBLE } from '../../src-renderer/db/upgrade-v6'
import { en } from '../../src-renderer/i18n/en'
import { fr } from '../../src-renderer/i18n/fr'

const ROOT = resolve(import.meta.dirname, '../..')

type Tree = { readonly [key: string]: string | Tree }

function has(tree: Tree, path: string): boolean {
  let node: string | Tree | undefined = tree
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string'
}

/** Keys (of `group`, as `erreurs.<group>.<name>`) missing in either language. */
function missing(group: string, names: Iterable<string>): string[] {
  return [...new Set(names)].flatMap((name) =>
    (['fr', 'en'] as const).flatMap((locale) =>
      has(locale === 'fr' ? fr : en, `erreurs.${group}.${name}`) ? [] : [`${locale}: erreurs.${group}.${name}`],
    ),
  )
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'sandbox' ? [] : sources(path)
    return e.name.endsWith('.ts') ? [path] : []
  })
}

/** Codes written inline by `pattern` in the sources under `dir` (comments left out), with the file they are in. */
function inlineCodes(dir: string, pattern: RegExp): Map<string, string> {
  const found = new Map<string, string>()
  for (const file of sources(resolve(ROOT, dir))) {
    const code = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .join('\n')
    for (const m of code.matchAll(pattern)) found.set(m[1] ?? '', relative(ROOT, file))
  }
  return found
}

describe('every code main reports has its wording in both languages', () => {
  it('answers of main (IPC errors): the IPC layer, profiles, keychain, downloads, transport', () => {
    const inline = inlineCodes('src-main', /new (?:IpcHandlerError|DownloadJobError)\(\s*'([A-Z_]+)'/g)
    expect(inline.size).toBeGreaterThanOrEqual(4)
    const codes = [
      ...Object.values(IPC_ERROR_CODES),
      CONNEXION_ABSENTE,
      KEYCHAIN_UNAVAILABLE,
      'CHEMIN_REFUSE',
      ...Object.values(PROFILE_ERROR_CODES),
      ...Object.values(TRANSPORT_CODES),
      PAGINATION_SANS_FIN,
      'HTTP',
      ...inline.keys(),
      ...Object.values(UNREADABLE_ANSWER).map((motif) => `${TRANSPORT_CODES.reponseInvalide}__${motif}`),
      `${PROFILE_ERROR_CODES.secretAbsent}__ENREGISTRER`,
      `${PROFILE_ERROR_CODES.secretAbsent}__TESTER`,
    ]
    expect(missing('demande', codes)).toEqual([])
  })

  it('an entry’s error: the reasons to check, the refusals of main and of this workstation, the writes without answer', () => {
    const codes = [
      ...Object.values(TO_CHECK_REASONS),
      IPC_ERROR_CODES.entreeInvalide,
      ERREUR_INTERNE,
      'REFUSE',
      'ENVOI_INVALIDE',
      SAISIE_ILLISIBLE,
      'DELAI_DEPASSE',
      'CONNEXION_INTERROMPUE',
    ]
    expect(missing('saisie', codes)).toEqual([])
  })

  it('a pause: transport, the service’s answers that pause, main’s and the renderer’s own', () => {
    const local = inlineCodes('src-renderer/sync', /fail\(\s*'([A-Z_]+)'/g)
    expect(local.size).toBeGreaterThanOrEqual(3)
    const answers = [
      ERROR_CODES.tropDeRequetes,
      ERROR_CODES.nonAuthentifie,
      ERROR_CODES.jetonExpire,
      ERROR_CODES.clientInvalide,
      ERROR_CODES.droitManquant,
      ERROR_CODES.dossierNonAffecte,
      ERROR_CODES.cheminSupprime,
      ERROR_CODES.erreurServeur,
      ERROR_CODES.indisponible,
    ]
    const codes = [
      ...Object.values(TRANSPORT_CODES),
      ...answers,
      'HTTP',
      ERREUR_INTERNE,
      CONNEXION_ABSENTE,
      ...Object.values(IPC_ERROR_CODES),
      ...local.keys(),
      'AUTRE',
    ]
    expect(missing('pause', codes)).toEqual([])
  })

  it('a download’s failure, with the parts of a refused file name', () => {
    // The codes thrown inline, and those of each file format (PDF summaries, extractions' CSV: FileFormat.codes).
    const inline = inlineCodes('src-main/declarations', /(?:new DownloadError\(|code: |wrongType: |invalid: |tooBig: )\s*'([A-Z_]+)'/g)
    expect(inline.size).toBeGreaterThanOrEqual(9)
    const fields = [
      ...readFileSync(resolve(ROOT, 'src-main/declarations/file-names.ts'), 'utf8').matchAll(/check\([^\n]*, '([A-Z_]+)'\)/g),
    ].map((m) => `NOM_FICHIER_REFUSE__${m[1] ?? ''}`)
    expect(fields.length).toBeGreaterThanOrEqual(6)
    expect(
      missing('telechargement', [
        ...inline.keys(),
        ...fields,
        'CONNEXION_COUPEE__TOTAL',
        'RECAPITULATIF_TROP_GROS__ANNONCE',
        'EXTRACTION_TROP_GROSSE__ANNONCE',
      ]),
    ).toEqual([])
  })

  it('the active profile’s problem, the token failures, the contexts and follow-ups', () => {
    expect(missing('profil', Object.values(PROFILE_PROBLEMS))).toEqual([])
    expect(missing('jeton', Object.values(TOKEN_FAILURE))).toEqual([])
    expect(missing('contextes', Object.values(REPORT_CONTEXTS))).toEqual([])
    expect(missing('suites', Object.values(REPORT_FOLLOW_UPS))).toEqual([])
  })
})

describe('main words nothing for the screen', () => {
  it('has no French sentence outside the log calls and the names of things', () => {
    const allowed = [
      /log\.(info|warn|error|debug)\(/, // the log (for support, not the screen)
      /DEMO_PROFILE_NAME = 'Démo'/, // the demo profile's name (data; the renderer shows its own word)
      /DOWNLOADS_SUBFOLDER = 'Récapitulatifs DSN'/, // a folder's name on disk
      /return typeof error === 'string' \? error : 'valeur non-Error levée'/, // log helper
    ]
    const offenders: string[] = []
    for (const file of sources(resolve(ROOT, 'src-main'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\*|\/\/|\/\*)/.test(line) || !/['`"][^'`"]*[éèàçùêâîôû«»’][^'`"]*['`"]/.test(line)) return
          if (!allowed.some((a) => a.test(line))) offenders.push(`${relative(ROOT, file)}:${String(i + 1)}: ${line.trim().slice(0, 100)}`)
        })
    }
    expect(offenders).toEqual([])
  })
})

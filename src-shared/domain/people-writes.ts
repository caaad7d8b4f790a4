/**
 * People writes (issue 16, points 2 and 5): the changes of a dossier's employees made from the employee sheet, queued
 * on the workstation (Dexie `peopleWrites`, schema v13) and sent through main (`people:push`) with the exactly-once
 * rule of docs/api-assumptions.md #63:
 *
 * - one write = one change of one employee (`kind` + `payload`), with a client id;
 * - the writes of one dossier go in ONE request per operation: every `salarie` and `coffre` write in one
 *   PATCH /api/dossiers/{siren}/salaries, every `coordonnees` write in one PATCH …/salaries/coordonnees-bancaires,
 *   each `note` in its own POST /api/notes (the reference has no batch of notes);
 * - a write whose answer was lost is read again before any resend (the employee, or his notes): already applied →
 *   synced, nothing sent; not applied → sent; ambiguous (a note) → `to_check`.
 *
 * The cabinet's writes (issue 18, #80–#82) are kinds of this queue too: a user created (`utilisateur`, scope the
 * cabinet), a user assigned to a dossier (`affectation`) and an assignment's end (`fin_affectation`).
 *
 * A new kind is one row of {@link PEOPLE_WRITE_KINDS} (its payload schema and the operation it goes through) plus its
 * sender and its "already applied?" check in main (src-main/people/writes.ts).
 */
import { z } from 'zod'

import { UtilisateurCabinetCreate } from '../api/cabinet'
import { Categorie } from '../api/categories'
import { Bic, Iban, IsoDate, IsoDateTime, Matricule, RecordId, Siren } from '../api/common'
import { endNotBeforeStart } from '../api/dossiers'
import { ContratCreate } from '../api/salaries'

/** Employee edits from the sheet (PATCH …/salaries): usage name, e-mail, both prevoyance flags (V1.12.0). */
export const SalarieEditPayload = z
  .strictObject({
    nom_usage: z.string().trim().max(80, 'Nom d’usage : 80 caractères au plus').nullable().optional(),
    email: z.email('Adresse e-mail invalide').nullable().optional(),
    prevoyance_individuelle: z.boolean().optional(),
    prevoyance_etablissement: z.boolean().optional(),
  })
  .refine((p) => Object.values(p).some((v: unknown) => v !== undefined), 'Aucune modification')
export type SalarieEditPayload = z.infer<typeof SalarieEditPayload>

/** Bank details (PATCH …/salaries/coordonnees-bancaires): IBAN (compact, ISO 13616 key), BIC (ISO 9362), holder. */
export const CoordonneesPayload = z.strictObject({
  iban: Iban,
  bic: Bic,
  titulaire: z.string().trim().min(1, 'Titulaire requis').max(70, 'Titulaire : 70 caractères au plus'),
})
export type CoordonneesPayload = z.infer<typeof CoordonneesPayload>

/** Digital-safe activation (PATCH …/salaries with `coffre_active: true`, V1.5.0). */
export const CoffrePayload = z.strictObject({ coffre_active: z.literal(true) })

/** Employee comment (POST /api/notes, `commentaire_salarie`). */
export const NotePayload = z.strictObject({ texte: z.string().trim().min(1, 'Texte requis').max(2000, 'Texte : 2 000 caractères au plus') })
export type NotePayload = z.infer<typeof NotePayload>

/**
 * A new contract (POST …/salaries/{matricule}/contrats, issue 16 point 3, #66): the body the form checked offline
 * (contrat-form.ts). Its number is unique per employee, which the read before a resend relies on (#63).
 */
export const ContratPayload = ContratCreate
export type ContratPayload = z.infer<typeof ContratPayload>

/**
 * A new cabinet user (POST /api/cabinet/utilisateurs, issue 18 point 1, docs/api-assumptions.md #80): the body the
 * form checked, rights listed (none: `[]`). The write's `matricule` is the new user's; its scope is the cabinet (no dossier: `siren` null on the
 * wire). The matricule is unique in the cabinet (409 `CONFLIT`), which the read before a resend relies on (#81).
 */
export const UtilisateurPayload = UtilisateurCabinetCreate.extend({ droits: z.array(Categorie) }).strict()
export type UtilisateurPayload = z.output<typeof UtilisateurPayload>

/**
 * A user assigned to a dossier (POST /api/dossiers/{siren}/affectations-dossier, #57, #80): the write's `siren` is the
 * dossier, its `matricule` the user (`matricule_utilisateur`); both days included, `date_fin` null = open.
 */
export const AffectationPayload = endNotBeforeStart(z.strictObject({ date_debut: IsoDate, date_fin: IsoDate.nullable() }))
export type AffectationPayload = z.output<typeof AffectationPayload>

/**
 * The end of an assignment (PATCH /api/dossiers/{siren}/affectations-dossier, #75, #80): the assignment of the
 * write's user (`matricule`) to its dossier that starts on `date_debut` ends on `date_fin` (included).
 */
export const FinAffectationPayload = endNotBeforeStart(z.strictObject({ date_debut: IsoDate, date_fin: IsoDate }))
export type FinAffectationPayload = z.output<typeof FinAffectationPayload>

/**
 * The operations a people write goes through; writes of one operation and dossier share one request (but `note` and
 * `contrat`: one request each, the reference has no batch of them).
 */
export type PeopleOperation =
  | 'modifierSalaries'
  | 'modifierCoordonneesBancaires'
  | 'creerNote'
  | 'creerContrat'
  | 'creerUtilisateurCabinet'
  | 'creerAffectationDossier'
  | 'terminerAffectationDossier'

/** Every kind of people write: its payload schema and its operation. New kinds (a contract's creation…) add a row. */
export const PEOPLE_WRITE_KINDS = {
  salarie: { payload: SalarieEditPayload, operation: 'modifierSalaries' },
  coffre: { payload: CoffrePayload, operation: 'modifierSalaries' },
  coordonnees: { payload: CoordonneesPayload, operation: 'modifierCoordonneesBancaires' },
  note: { payload: NotePayload, operation: 'creerNote' },
  contrat: { payload: ContratPayload, operation: 'creerContrat' },
  utilisateur: { payload: UtilisateurPayload, operation: 'creerUtilisateurCabinet' },
  affectation: { payload: AffectationPayload, operation: 'creerAffectationDossier' },
  fin_affectation: { payload: FinAffectationPayload, operation: 'terminerAffectationDossier' },
} as const satisfies Record<string, { payload: z.ZodType; operation: PeopleOperation }>

/** Kind of a people write. */
export type PeopleWriteKind = keyof typeof PEOPLE_WRITE_KINDS
export const PeopleWriteKind = z.enum(Object.keys(PEOPLE_WRITE_KINDS) as [PeopleWriteKind, ...PeopleWriteKind[]])

/** Payload of a kind, as its schema outputs it. */
export type PeopleWritePayload<K extends PeopleWriteKind> = z.output<(typeof PEOPLE_WRITE_KINDS)[K]['payload']>

/** One write of a kind with its payload (a discriminated union: the payload is typed by the kind). */
export const PeopleWriteBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('salarie'), payload: SalarieEditPayload }),
  z.strictObject({ kind: z.literal('coffre'), payload: CoffrePayload }),
  z.strictObject({ kind: z.literal('coordonnees'), payload: CoordonneesPayload }),
  z.strictObject({ kind: z.literal('note'), payload: NotePayload }),
  z.strictObject({ kind: z.literal('contrat'), payload: ContratPayload }),
  z.strictObject({ kind: z.literal('utilisateur'), payload: UtilisateurPayload }),
  z.strictObject({ kind: z.literal('affectation'), payload: AffectationPayload }),
  z.strictObject({ kind: z.literal('fin_affectation'), payload: FinAffectationPayload }),
])
export type PeopleWriteBody = z.infer<typeof PeopleWriteBody>

/**
 * One write as main receives it. `afterLostAnswer`: an earlier attempt got no answer (or a crash hid it): main reads
 * before sending. `windowStart`: when the first attempt left, on the service's clock (ISO; a note's candidates
 * are created at or after it, minus 2 s), null when never sent.
 */
export const PeopleWriteItem = z.intersection(
  z.strictObject({
    clientId: z.uuid(),
    matricule: Matricule,
    afterLostAnswer: z.boolean(),
    windowStart: IsoDateTime.nullable(),
  }),
  PeopleWriteBody,
)
export type PeopleWriteItem = z.infer<typeof PeopleWriteItem>

/** Kinds of the cabinet's writes (issue 18, #80): a user created, an assignment, an assignment's end. */
export const CABINET_WRITE_KINDS = ['utilisateur', 'affectation', 'fin_affectation'] as const satisfies readonly PeopleWriteKind[]
export type CabinetWriteKind = (typeof CABINET_WRITE_KINDS)[number]

/** True when `kind` is a cabinet write (not a change of an employee). */
export function isCabinetKind(kind: PeopleWriteKind): kind is CabinetWriteKind {
  return (CABINET_WRITE_KINDS as readonly PeopleWriteKind[]).includes(kind)
}

/**
 * Input of `people:push`: the writes of ONE scope (1 to 500), oldest first: a dossier (`siren`), or the cabinet itself
 * (`siren` null), which holds only `utilisateur` writes (#80).
 */
export const PeoplePushInput = z
  .strictObject({ siren: Siren.nullable(), writes: z.array(PeopleWriteItem).min(1).max(500) })
  .refine((i) => i.writes.every((w) => (w.kind === 'utilisateur') === (i.siren === null)), {
    message: 'a user is created at the cabinet’s scope (siren null), every other write in a dossier',
    path: ['siren'],
  })
export type PeoplePushInput = z.infer<typeof PeoplePushInput>

/**
 * What became of one write:
 * - `synced`: applied (answered, or found applied by the read after a lost answer); `serverId` the note's id;
 * - `rejected`: the service refused THIS write (its per-employee error, or a 4xx of its request): `error` is the
 *   service's code and message (and the refused field, `champ`, when the service names one; every field error as
 *   `erreurs`, `chemin` as `body.pcs_ese`, when the service lists them: a contract's form places them), shown on the write;
 * - `unknown`: the request left, no answer proved its fate and the read did not show it applied: not resent before
 *   `settleUntil` (request timeout + 30 s), then sent with `afterLostAnswer`;
 * - `to_check`: a note whose read found several identical notes it may be, a contract whose number the read found
 *   on a contract with other fields, a user whose matricule the read found on a user with other fields, an
 *   assignment whose start the read found on an assignment of the same user with another end (#81): never resent
 *   nor linked automatically;
 * - `not_sent`: the road is broken (offline, 429, 401, 5xx before sending…, `error`): nothing left for this write,
 *   it stays queued (or `unknown` when it already was).
 * `sentAt` is the instant the request left, on the service's clock (ISO), null when nothing was sent.
 */
export const PeopleWriteOutcome = z.object({
  clientId: z.uuid(),
  result: z.enum(['synced', 'rejected', 'unknown', 'to_check', 'not_sent']),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      champ: z.string().nullable().optional(),
      erreurs: z.array(z.object({ chemin: z.string(), message: z.string() })).optional(),
    })
    .nullable(),
  serverId: RecordId.nullable(),
  sentAt: IsoDateTime.nullable(),
  settleUntil: IsoDateTime.nullable(),
})
export type PeopleWriteOutcome = z.infer<typeof PeopleWriteOutcome>

/** Answer of `people:push`: one outcome per write, in the input's order. */
export const PeoplePushResult = z.object({ outcomes: z.array(PeopleWriteOutcome) })
export type PeoplePushResult = z.infer<typeof PeoplePushResult>

/** IBAN typed by the clerk in its compact form: spaces removed, upper case (`fr76 3000 …` → `FR763000…`). */
export function compactIban(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase()
}

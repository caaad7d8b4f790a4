/**
 * The registry of entry kinds: everything the app knows about a kind of entry a clerk queues offline, in ONE spec
 * per kind (ARCHITECTURE.md "Entry").
 *
 * A spec gives: the French label, the API category (right) and operation ids (endpoint table), the create and patch
 * payload schemas of the API contract, the fields the clerk types (form order, input type, i18n keys of labels and
 * hints), the fingerprint fields and their exclusions, the natural key, and the offline business rules.
 *
 * Everything else is derived from this registry, so that adding a kind is adding ONE spec here:
 * - `EntryKind` (the union of the registry's keys) and the `EntryKind` zod enum;
 * - the typed entry (`EntryBody`, entry.ts): a union discriminated on `kind` then `operation`, its payload typed by the
 *   kind's create or patch schema, and its zod schema (`entryBodySchema`), parsed at the trust boundaries (IPC into
 *   main, the clerk's input, the Dexie upgrade); the outbox row and the sync item are that union;
 * - the fingerprint and natural-key tables (fingerprint.ts), the offline validation (validation/index.ts), the API
 *   calls of the sync (operation ids), the category pauses (category);
 * - in the renderer: the one-entry form (EntryForm, when the spec has `form`), the entry page and its edit form, the
 *   comparison table, the queue's summary and CSV export (fields, `code`, labels).
 * What a spec names but does not hold: the words (the i18n catalogue: `types.<kind>` and the keys the spec gives, a
 * test checks they exist in every language) and the API itself (its operations in the endpoint table, served by the
 * sandbox). test/shared/domain/entry-kinds.test.ts adds a sixth kind to a copy of the registry and shows the union
 * and its schema follow with nothing else written.
 */
import { z } from 'zod'
import type { Categorie } from '../api/categories'
import {
  AbsenceCreateDto,
  AbsencePatchDto,
  AvantageNatureCreateDto,
  AvantageNaturePatchDto,
  EvpCreateDto,
  EvpPatchDto,
  FraisProfessionnelCreateDto,
  FraisProfessionnelPatchDto,
  PrimeIndemniteCreateDto,
  PrimeIndemnitePatchDto,
} from '../api/entries'
import type { OperationId } from '../api/endpoints'
import { checkAbsence } from './validation/absence'
import { checkAvantage } from './validation/avantage'
import { checkEvp } from './validation/evp'
import type { KindRules } from './validation/fields'
import { checkFrais } from './validation/frais'
import { checkPrime } from './validation/prime'

/** What an entry asks the server to do: create a record, change a synced one, or remove it. */
export const EntryOperation = z.enum(['create', 'update', 'delete'])
export type EntryOperation = z.infer<typeof EntryOperation>

/** A create or patch schema of the contract: a zod object (its refinements kept), no transforms. */
export type PayloadSchema = z.ZodObject

/** Wire field names of a payload schema. */
export type FieldName<S extends PayloadSchema> = keyof z.output<S> & string

/**
 * How a field is typed and shown: free text, long text (comment), ISO date, decimal (typed in French, sent as a
 * decimal string), boolean, payroll period, contract number, or a choice in a code list of the dossier (reference
 * cache) or in an enum of the contract (labels in the i18n catalogue).
 */
export type FieldType =
  | 'text'
  | 'longtext'
  | 'date'
  | 'decimal'
  | 'bool'
  | 'periode'
  | 'contrat'
  | 'codeEvp'
  | 'codeAbsence'
  | 'codePrime'
  | 'typeFrais'
  | 'typeAvantage'
  | 'modeEvaluation'

/**
 * One field the clerk types, as the entry forms, the entry page and the comparison table show it. Labels and hints
 * are i18n keys of the renderer's catalogue (a test checks each exists in every language).
 */
export interface EntryFieldSpec<N extends string = string> {
  /** Wire field name (`date_fin`). */
  readonly name: N
  readonly type: FieldType
  /** i18n key of the label; default `champs.<name>`. */
  readonly label?: string
  /** i18n key of a hint shown under the control. */
  readonly hint?: string
  /** i18n key of the empty choice of a list. */
  readonly placeholder?: string
  /** Shown « (facultatif) ». */
  readonly optional?: true
  /** Fields sharing a `row` and next to each other are laid out on one line. */
  readonly row?: string
  /** Entry form: takes the value typed in this field while it is empty or still equal to that field's previous value. */
  readonly follows?: N
  /** Entry form: shown (and then required, with message `requiredMessage`) only while `field` holds `value`. */
  readonly shownWhen?: { readonly field: N; readonly value: string; readonly requiredMessage: string }
  /** Entry form: a half-day flag of an absence, disabled (and cleared) while the chosen code forbids half days. */
  readonly halfDay?: { readonly forbiddenHint?: string }
}

/**
 * i18n keys of a kind's one-entry form page (title, submit button, toast once queued) and of its link on the dossier
 * screen. A kind with a form gets its route `/dossiers/:siren/<kind>` (router.ts) and that link (DossierView).
 */
export interface EntryFormTexts {
  readonly title: string
  readonly submit: string
  readonly saved: string
  readonly link: string
}

/** Everything the app knows about one kind of entry. */
export interface EntryKindSpec<C extends PayloadSchema = PayloadSchema, P extends PayloadSchema = PayloadSchema> {
  /** French label (CSV exports, logs). */
  readonly label: string
  /** API category: the right the kind's operations need. */
  readonly category: Categorie
  /** Operation ids of the endpoint table (api/endpoints.ts). */
  readonly create: OperationId
  readonly update: OperationId
  readonly remove: OperationId
  readonly list: OperationId
  /** Body of the create operation (api/entries.ts). */
  readonly createSchema: C
  /** Body of the update (PATCH) operation: the create fields but `siren` and `matricule`, all optional. */
  readonly patchSchema: P
  /** Fields the clerk types, in form order (`siren` and `matricule` are chosen with the dossier and the employee). */
  readonly fields: readonly EntryFieldSpec<FieldName<C>>[]
  /** The field saying what the element is (its code or type): the « Code » of exports and summaries. */
  readonly code: FieldName<C>
  /** The one-entry form page, for kinds entered one at a time (others are entered in a grid or edited only). */
  readonly form?: EntryFormTexts
  /**
   * Fingerprint fields, in order (ARCHITECTURE.md "Exactly once"): every field of the create schema but those of
   * `fingerprintExclusions` (a test enforces it).
   */
  readonly fingerprint: readonly FieldName<C>[]
  /** Create-schema fields left out of the fingerprint, each with the reason. */
  readonly fingerprintExclusions: Readonly<Partial<Record<FieldName<C>, string>>>
  /** Fields naming WHICH element a record is, without its values (fingerprint.ts `sameNaturalKey`). */
  readonly naturalKey: readonly FieldName<C>[]
  /** Offline business rules, run on a payload that passed its schema (validation/index.ts). */
  readonly rules: KindRules
}

/** A registry of kinds (this one, or a test's copy with one more). */
export type EntryKindRegistry = Readonly<Record<string, EntryKindSpec>>

/** Spec of one kind, its field names checked against its create schema. */
function kindSpec<C extends PayloadSchema, P extends PayloadSchema>(spec: EntryKindSpec<C, P>): EntryKindSpec<C, P> {
  return spec
}

const FREE_COMMENT =
  'Free comment: the service may trim or normalise it, and two elements differing only by their comment are one element for the payroll.'
const COMMENTAIRE = { name: 'commentaire', type: 'longtext', optional: true } as const

/** The registry: one spec per kind. Its key order is the order kinds are listed in (filters, exports). */
export const ENTRY_KIND_SPECS = {
  evp: kindSpec({
    label: 'EVP',
    category: 'elements_variables',
    create: 'creerEvp',
    update: 'modifierEvp',
    remove: 'supprimerEvp',
    list: 'listerEvp',
    code: 'code_evp',
    createSchema: EvpCreateDto,
    patchSchema: EvpPatchDto,
    fields: [
      { name: 'periode', type: 'periode' },
      { name: 'code_evp', type: 'codeEvp' },
      { name: 'quantite', type: 'decimal' },
      { name: 'taux', type: 'decimal' },
      { name: 'montant', type: 'decimal' },
      { name: 'valeur_texte', type: 'text' },
      { name: 'numero_contrat', type: 'contrat' },
      COMMENTAIRE,
    ],
    fingerprint: ['siren', 'matricule', 'numero_contrat', 'periode', 'code_evp', 'quantite', 'taux', 'montant', 'valeur_texte'],
    fingerprintExclusions: { commentaire: FREE_COMMENT },
    naturalKey: ['siren', 'matricule', 'numero_contrat', 'periode', 'code_evp'],
    rules: checkEvp,
  }),
  absence: kindSpec({
    label: 'Absence',
    category: 'absences',
    create: 'creerAbsence',
    update: 'modifierAbsence',
    remove: 'supprimerAbsence',
    list: 'listerAbsences',
    code: 'code_absence',
    createSchema: AbsenceCreateDto,
    patchSchema: AbsencePatchDto,
    fields: [
      { name: 'code_absence', type: 'codeAbsence', placeholder: 'absence.codeChoisir' },
      { name: 'date_debut', type: 'date', row: 'dates' },
      { name: 'date_fin', type: 'date', row: 'dates', follows: 'date_debut' },
      { name: 'demi_journee_debut', type: 'bool', row: 'demi', halfDay: { forbiddenHint: 'absence.demiInterdite' } },
      { name: 'demi_journee_fin', type: 'bool', row: 'demi', halfDay: {} },
      { name: 'numero_contrat', type: 'contrat', hint: 'absence.contratAide', placeholder: 'absence.contratChoisir' },
      COMMENTAIRE,
    ],
    form: { title: 'absence.titre', submit: 'absence.enregistrer', saved: 'absence.succes', link: 'dossier.liens.absence' },
    fingerprint: [
      'siren',
      'matricule',
      'numero_contrat',
      'code_absence',
      'date_debut',
      'date_fin',
      'demi_journee_debut',
      'demi_journee_fin',
    ],
    fingerprintExclusions: { commentaire: FREE_COMMENT },
    naturalKey: ['siren', 'matricule', 'numero_contrat', 'code_absence', 'date_debut'],
    rules: checkAbsence,
  }),
  frais: kindSpec({
    label: 'Frais professionnels',
    category: 'frais_professionnels',
    create: 'creerFraisProfessionnel',
    update: 'modifierFraisProfessionnel',
    remove: 'supprimerFraisProfessionnel',
    list: 'listerFraisProfessionnels',
    code: 'type_frais',
    createSchema: FraisProfessionnelCreateDto,
    patchSchema: FraisProfessionnelPatchDto,
    fields: [
      { name: 'type_frais', type: 'typeFrais', placeholder: 'frais.typeChoisir' },
      { name: 'date', type: 'date', row: 'quand' },
      { name: 'periode', type: 'periode', row: 'quand' },
      { name: 'montant', type: 'decimal', row: 'valeurs', hint: 'frais.montantAide' },
      {
        name: 'kilometres',
        type: 'decimal',
        row: 'valeurs',
        hint: 'frais.kilometresAide',
        shownWhen: { field: 'type_frais', value: 'indemnites_kilometriques', requiredMessage: 'frais.kilometresRequis' },
      },
      COMMENTAIRE,
    ],
    form: { title: 'frais.titre', submit: 'frais.enregistrer', saved: 'frais.succes', link: 'dossier.liens.frais' },
    fingerprint: ['siren', 'matricule', 'periode', 'date', 'type_frais', 'montant', 'kilometres'],
    fingerprintExclusions: { commentaire: FREE_COMMENT },
    naturalKey: ['siren', 'matricule', 'periode', 'date', 'type_frais'],
    rules: checkFrais,
  }),
  prime: kindSpec({
    label: 'Prime ou indemnité',
    category: 'elements_variables',
    create: 'creerPrimeIndemnite',
    update: 'modifierPrimeIndemnite',
    remove: 'supprimerPrimeIndemnite',
    list: 'listerPrimesIndemnites',
    code: 'code_prime',
    createSchema: PrimeIndemniteCreateDto,
    patchSchema: PrimeIndemnitePatchDto,
    fields: [
      { name: 'periode', type: 'periode' },
      { name: 'code_prime', type: 'codePrime', placeholder: 'prime.codeChoisir' },
      { name: 'montant', type: 'decimal', row: 'montant', hint: 'prime.montantAide' },
      { name: 'prime_nette', type: 'bool', row: 'montant', hint: 'prime.netteAide' },
      { name: 'libelle_bulletin', type: 'text', optional: true, hint: 'prime.libelleAide' },
      { name: 'numero_contrat', type: 'contrat', hint: 'absence.contratAide', placeholder: 'absence.contratChoisir' },
    ],
    form: { title: 'prime.titre', submit: 'prime.enregistrer', saved: 'prime.succes', link: 'dossier.liens.prime' },
    fingerprint: ['siren', 'matricule', 'numero_contrat', 'periode', 'code_prime', 'montant', 'prime_nette'],
    fingerprintExclusions: {
      libelle_bulletin:
        'Label printed on the payslip (free text, at most 60 characters, which the service may trim): it names the bonus, it does not make another bonus.',
    },
    naturalKey: ['siren', 'matricule', 'numero_contrat', 'periode', 'code_prime'],
    rules: checkPrime,
  }),
  avantage: kindSpec({
    label: 'Avantage en nature',
    category: 'avantages_nature',
    create: 'creerAvantageNature',
    update: 'modifierAvantageNature',
    remove: 'supprimerAvantageNature',
    list: 'listerAvantagesNature',
    code: 'type_avantage',
    createSchema: AvantageNatureCreateDto,
    patchSchema: AvantageNaturePatchDto,
    fields: [
      { name: 'periode', type: 'periode' },
      { name: 'type_avantage', type: 'typeAvantage', placeholder: 'avantage.typeChoisir' },
      { name: 'mode_evaluation', type: 'modeEvaluation', row: 'valeur', placeholder: 'avantage.modeChoisir' },
      { name: 'montant', type: 'decimal', row: 'valeur', hint: 'avantage.montantAide' },
      COMMENTAIRE,
    ],
    form: { title: 'avantage.titre', submit: 'avantage.enregistrer', saved: 'avantage.succes', link: 'dossier.liens.avantage' },
    fingerprint: ['siren', 'matricule', 'periode', 'type_avantage', 'mode_evaluation', 'montant'],
    fingerprintExclusions: { commentaire: FREE_COMMENT },
    naturalKey: ['siren', 'matricule', 'periode', 'type_avantage'],
    rules: checkAvantage,
  }),
} as const satisfies EntryKindRegistry

/** A kind of entry: a key of the registry. */
export type EntryKind = keyof typeof ENTRY_KIND_SPECS

/** The kinds, in registry order. */
export const ENTRY_KINDS = kindsOf(ENTRY_KIND_SPECS)
export const EntryKind = z.enum(ENTRY_KINDS)

/** Keys of a registry, typed (Object.keys says `string[]`; a registry's keys are exactly its kinds). */
export function kindsOf<R extends EntryKindRegistry>(registry: R): [keyof R & string, ...(keyof R & string)[]] {
  const keys = Object.keys(registry) as (keyof R & string)[]
  const [first, ...rest] = keys
  if (first === undefined) throw new Error('Registre des types de saisie vide.')
  return [first, ...rest]
}

/** A table with one value per kind, computed from each kind's spec (fingerprint fields, form fields…). */
export function mapKinds<T>(pick: (spec: EntryKindSpec, kind: EntryKind) => T): Readonly<Record<EntryKind, T>> {
  // Object.fromEntries says `Record<string, T>`; its keys are exactly ENTRY_KINDS.
  return Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, pick(ENTRY_KIND_SPECS[kind], kind)])) as Record<EntryKind, T>
}

/** The spec of `kind`, typed as the generic spec (for code that reads any kind's fields or schemas by name). */
export function specOf(kind: EntryKind): EntryKindSpec {
  return ENTRY_KIND_SPECS[kind]
}

/** The kinds entered one at a time in the one-entry form (their spec has `form`), in registry order. */
export const FORM_KINDS: readonly EntryKind[] = ENTRY_KINDS.filter((kind) => specOf(kind).form !== undefined)

/** i18n key of a field's label: its own, else `champs.<name>`. */
export function fieldLabelKey(field: Pick<EntryFieldSpec, 'name' | 'label'>): string {
  return field.label ?? `champs.${field.name}`
}

/**
 * The contract creation form (issue 16, point 3): what the clerk types (all text, kept as a draft offline), its zod
 * schema with French messages, and the body of POST …/contrats built from it with the working time derived from the
 * week (#66). Then the shared rules of contrat-create.ts, so the form refuses offline what the service would refuse.
 * Pure.
 */
import { z } from 'zod'

import { IsoDate, Nic, NumeroContrat, Quantite } from '../api/common'
import { Contrat, type ContratCreate } from '../api/salaries'
import {
  contratCodeIssues,
  contratRuleIssues,
  MODALITES_CREATION,
  NOMS_JOURS,
  QUOTITE_REFERENCE_TEMPS_PLEIN,
  quotiteMensuelle,
  type ContratCodeLists,
} from './contrat-create'
import { totalSemaine } from './people'
import { parseFrench } from './validation/schema-issues'
import type { FieldIssue } from './validation/types'

/** The form as typed: every field text (a draft keeps exactly this); `semaine` the hours of Monday … Sunday. */
export const ContratFormValues = z.object({
  numero_contrat: z.string(),
  nic: z.string(),
  nature_contrat: z.string(),
  libelle_emploi: z.string(),
  code_profession: z.string(),
  pcs_ese: z.string(),
  dispositif_politique_publique: z.string(),
  idcc: z.string(),
  date_debut: z.string(),
  date_fin: z.string(),
  modalite_temps: z.string(),
  semaine: z.array(z.string()).length(7),
})
export type ContratFormValues = z.infer<typeof ContratFormValues>

/**
 * A new form: the employee's establishment, no public-policy scheme (`99` « non concerné », S21.G00.40.008), full
 * time over Monday to Friday, 7 h a day (the legal week, L3121-27).
 */
export function emptyContratForm(nic: string): ContratFormValues {
  return {
    numero_contrat: '',
    nic,
    nature_contrat: '',
    libelle_emploi: '',
    code_profession: '',
    pcs_ese: '',
    dispositif_politique_publique: '99',
    idcc: '',
    date_debut: '',
    date_fin: '',
    modalite_temps: '10',
    semaine: ['7', '7', '7', '7', '7', '0', '0'],
  }
}

const optional = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(schema.nullable())

/** Hours of one day: a decimal comma or point, empty read as 0. */
const HeuresJour = z
  .string()
  .trim()
  .transform((v) => (v === '' ? '0' : v.replace(',', '.')))
  .pipe(Quantite.refine((v) => /^\d{1,2}(\.\d{1,3})?$/.test(v), 'Heures : 2 chiffres au plus avant la virgule'))

/** Schema of the form's fields (French messages); the rules across fields are in {@link validateContratForm}. */
export const ContratFormSchema = z.object({
  numero_contrat: z.string().trim().pipe(NumeroContrat),
  nic: Nic,
  nature_contrat: Contrat.shape.nature_contrat,
  libelle_emploi: z.string().trim().min(1).max(120),
  code_profession: optional(z.string().max(20)),
  pcs_ese: z
    .string()
    .trim()
    .pipe(z.string().regex(/^\d{3}[a-z]$/, 'Code PCS-ESE : 3 chiffres et une lettre')),
  dispositif_politique_publique: z.string().regex(/^\d{2}$/, 'Choisissez un dispositif de la liste'),
  idcc: optional(z.string().regex(/^\d{4}$/, 'Convention collective : IDCC à 4 chiffres')),
  date_debut: IsoDate,
  date_fin: optional(IsoDate),
  modalite_temps: z.enum(MODALITES_CREATION),
  semaine: z.array(HeuresJour).length(7),
})

/** The body of POST …/contrats from parsed form fields: working time in hours (unit 10), quotas from the week (#66). */
export function contratBodyOf(f: z.output<typeof ContratFormSchema>): ContratCreate {
  const tableau = f.semaine.flatMap((heures, i) => (heures === '0' || /^0+(\.0+)?$/.test(heures) ? [] : [{ jour: i + 1, heures }]))
  const semaine = f.semaine.map((heures, i) => ({ jour: i + 1, heures }))
  return {
    numero_contrat: f.numero_contrat,
    nic: f.nic,
    nature_contrat: f.nature_contrat,
    libelle_emploi: f.libelle_emploi,
    pcs_ese: f.pcs_ese,
    code_profession: f.code_profession,
    dispositif_politique_publique: f.dispositif_politique_publique,
    date_debut: f.date_debut,
    date_fin: f.date_fin,
    idcc: f.idcc,
    duree_travail: {
      modalite_temps: f.modalite_temps,
      unite_mesure: '10',
      quotite: quotiteMensuelle(totalSemaine(semaine)),
      quotite_reference: QUOTITE_REFERENCE_TEMPS_PLEIN,
      tableau_horaire: tableau,
    },
  }
}

/** What the form is checked against, from the renderer's cache. */
export interface ContratFormContext {
  /** Cached code lists (a list never read is not checked: the select offers nothing else anyway). */
  readonly lists: ContratCodeLists
  /** Establishments (`nic`) of the dossier. */
  readonly nics: readonly string[]
  /** Numbers of the employee's contracts already known. */
  readonly numerosExistants: readonly string[]
}

/** Outcome of {@link validateContratForm}. */
export type ContratFormCheck = { readonly ok: true; readonly body: ContratCreate } | { readonly ok: false; readonly issues: FieldIssue[] }

/** Form field of a wire field (`duree_travail.*` and a day `semaine.2` are shown on the week). */
function formChamp(champ: string): string {
  if (champ.startsWith('duree_travail') || champ.startsWith('semaine')) return 'semaine'
  return champ
}

/**
 * Checks the form offline: fields (French messages), then the contract's rules (dates, week) and codes
 * (contrat-create.ts), the establishment of the dossier and a number not already used by the employee.
 * @returns the body to send, or the issues by form field (`semaine` for the week; a day's issue names the day).
 */
export function validateContratForm(values: ContratFormValues, ctx: ContratFormContext): ContratFormCheck {
  const parsed = parseFrench(ContratFormSchema, values)
  if (!parsed.ok) {
    return {
      ok: false,
      issues: parsed.issues.map((i) => {
        const day = /^semaine\.(\d)$/.exec(i.champ)
        const nom = day === null ? undefined : NOMS_JOURS[Number(day[1])]
        return { champ: formChamp(i.champ), message: nom === undefined ? i.message : `${capitalise(nom)} : ${i.message}` }
      }),
    }
  }
  const body = contratBodyOf(parsed.data)
  const issues: FieldIssue[] = [...contratRuleIssues(body), ...contratCodeIssues(body, ctx.lists)].map((i) => ({
    champ: formChamp(i.champ),
    message: i.message,
  }))
  if (ctx.nics.length > 0 && !ctx.nics.includes(body.nic)) {
    issues.push({ champ: 'nic', message: `L’établissement ${body.nic} n’appartient pas au dossier.` })
  }
  if (ctx.numerosExistants.includes(body.numero_contrat)) {
    issues.push({ champ: 'numero_contrat', message: `Le contrat ${body.numero_contrat} existe déjà pour ce salarié.` })
  }
  return issues.length === 0 ? { ok: true, body } : { ok: false, issues }
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

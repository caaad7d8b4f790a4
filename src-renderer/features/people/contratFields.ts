/**
 * The fields of the new-contract form (ContratCreateView.vue) in screen order, each with its control, so the view
 * loops over one list as the entry forms loop over their kind's spec. The week (`semaine`) is apart (WorkWeekInput).
 */
import type { ContratFormValues } from '../../../src-shared/domain/contrat-form'
import type { NomCode } from '../../services/people-cache'

/** A field of the form holding one text (all but the week). */
export type ContratFieldName = Exclude<keyof ContratFormValues, 'semaine'>

interface FieldBase<N extends ContratFieldName = ContratFieldName> {
  readonly name: N
  /** i18n key of the label. */
  readonly label: string
  /** Marked « facultatif » (FormField). */
  readonly optional?: true
  /** i18n key of a hint under the field. */
  readonly hint?: string
}

/**
 * One field and its control: a text input, a date typed jj/mm/aaaa (DateInput), a drop-down list (SelectField: the
 * dossier's establishments, the working-time modalities) or a searchable select of a cached code list (CodeCombobox).
 */
export type ContratField =
  | (FieldBase & { readonly control: 'text'; readonly autocomplete?: 'off' })
  | (FieldBase & { readonly control: 'date' })
  | (FieldBase<'nic' | 'modalite_temps'> & { readonly control: 'select' })
  | (FieldBase & { readonly control: 'code'; readonly nom: NomCode })

/** The form's fields, in screen order (the week after them). */
export const CONTRAT_FIELDS: readonly ContratField[] = [
  { name: 'numero_contrat', control: 'text', label: 'contrat.champs.numero', autocomplete: 'off' },
  { name: 'nic', control: 'select', label: 'contrat.champs.etablissement' },
  { name: 'nature_contrat', control: 'code', nom: 'natures_contrat', label: 'contrat.champs.nature' },
  { name: 'code_profession', control: 'code', nom: 'professions', label: 'contratCreation.champs.profession', optional: true },
  { name: 'libelle_emploi', control: 'text', label: 'contrat.champs.emploi' },
  { name: 'pcs_ese', control: 'code', nom: 'pcs_ese', label: 'contrat.champs.pcsEse' },
  {
    name: 'dispositif_politique_publique',
    control: 'code',
    nom: 'dispositifs_politique_publique',
    label: 'contratCreation.champs.dispositif',
  },
  {
    name: 'idcc',
    control: 'code',
    nom: 'conventions_collectives',
    label: 'contrat.champs.idcc',
    optional: true,
    hint: 'contratCreation.codes.idccFacultatif',
  },
  { name: 'date_debut', control: 'date', label: 'contrat.champs.debut' },
  {
    name: 'date_fin',
    control: 'date',
    label: 'contratCreation.champs.finPrevisionnelle',
    optional: true,
    hint: 'contratCreation.champs.finAide',
  },
  { name: 'modalite_temps', control: 'select', label: 'contrat.duree.modalite' },
]

/**
 * The four client companies (dossiers) of the sandbox seed, fixed whatever the seed: SIREN, name, NAF code,
 * collective agreement (IDCC), establishments (NIC) and the jobs their employees hold. The seed only draws the
 * people; these facts stay put so that tests, the CLI and the documentation can name them.
 */
import { DOSSIER_A } from './seed-dossier-a'
import type { CleDossier, DossierPlan } from './seed-dossier-types'
import { DOSSIER_B, DOSSIER_C, DOSSIER_D } from './seed-dossiers-small'

export type { CleDossier, DossierPlan, EtablissementPlan, Metier } from './seed-dossier-types'

/** The four dossiers, in the order A (big), B, C, D. */
export const DOSSIER_PLANS: readonly DossierPlan[] = [DOSSIER_A, DOSSIER_B, DOSSIER_C, DOSSIER_D]

/** The dossier plan with this key. Throws `Error` for an unknown key. */
export function dossierPlan(cle: CleDossier): DossierPlan {
  const plan = DOSSIER_PLANS.find((d) => d.cle === cle)
  if (plan === undefined) throw new Error(`Dossier inconnu : ${cle}`)
  return plan
}

/**
 * Public summary of the seed's dossiers, for the CLI and the documentation: key, SIREN, name, role.
 * The SIRENs are fixed (they do not depend on the seed).
 */
export const SEED_DOSSIERS: readonly { cle: CleDossier; siren: string; raison_sociale: string; role: string }[] = DOSSIER_PLANS.map(
  (d) => ({
    cle: d.cle,
    siren: d.siren,
    raison_sociale: d.raison_sociale,
    role:
      d.cle === 'A'
        ? `gros dossier : ${d.effectif} salariés, ${d.etablissements.length} établissements`
        : `${d.effectif} salariés${d.enRetard ? ', paie en retard d’un mois' : ''}`,
  }),
)

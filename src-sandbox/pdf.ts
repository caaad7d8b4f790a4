/**
 * PDF summary of a DSN ("récapitulatif", GET /api/declarations/{id}/recapitulatif, V1.7.0) rendered by the
 * sandbox with pdf-lib: one A4 page, standard Helvetica (text stays extractable and searchable), deterministic
 * bytes for the same input (dates taken from the declaration, no random ids, no object streams).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { Declaration, DeclarationEvenementielle } from '../src-shared/api/declarations'
import type { Dossier } from '../src-shared/api/dossiers'

/** Totals shown in the summary's table: amounts in euros as decimal strings ("12345.67"), all optional. */
export interface RecapitulatifTotaux {
  brut?: string
  cotisations_salariales?: string
  cotisations_patronales?: string
  net_imposable?: string
  net_a_payer?: string
}

/**
 * Input of {@link renderRecapitulatifPdf}: the declaration (monthly or event-based), its dossier, the number of
 * employees to print (default: `declaration.nombre_salaries`) and the totals (default: "non communiqué").
 */
export interface RecapitulatifInput {
  declaration: Declaration | DeclarationEvenementielle
  dossier: Dossier
  salaries?: number
  totals?: RecapitulatifTotaux
}

/** Labels of DSN natures (S20.G00.05.001). */
const NATURES: Record<string, string> = {
  '01': 'DSN mensuelle',
  '02': 'Signalement fin du contrat de travail unique (FCTU)',
  '04': 'Signalement arrêt de travail',
  '05': 'Signalement reprise suite à arrêt de travail',
}
/** Labels of DSN types (S20.G00.05.002). */
const TYPES: Record<string, string> = { '01': 'Normale', '02': 'Normale néant', '03': 'Annule et remplace intégral' }
const STATUTS: Record<string, string> = { en_preparation: 'En préparation', deposee: 'Déposée', acceptee: 'Acceptée', rejetee: 'Rejetée' }
const MOIS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']

/** Typographic characters replaced by their WinAnsi-safe ASCII equivalents before drawing. */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2026': '...',
  '\u2013': '-',
  '\u2014': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2009': ' ',
  '\u0152': 'OE',
  '\u0153': 'oe',
}

/**
 * Text that Helvetica (WinAnsi encoding) can draw and a PDF reader extracts as typed: quotes, dashes, ellipsis and
 * special spaces become ASCII, any other character outside the font's set becomes "?".
 */
export function sanitizeWinAnsi(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet())
  let out = ''
  for (const char of text) {
    const replaced = REPLACEMENTS[char] ?? char
    for (const c of replaced) out += supported.has(c.codePointAt(0) ?? 0) ? c : '?'
  }
  return out
}

/** "123 456 789" from a 9-digit SIREN; "123 456 789 00012" from a 14-digit SIRET. */
export function formatSiren(value: string): string {
  const groups = [value.slice(0, 3), value.slice(3, 6), value.slice(6, 9)]
  return value.length > 9 ? `${groups.join(' ')} ${value.slice(9)}` : groups.join(' ')
}

/** "novembre 2026" from "2026-11". */
export function periodeEnLettres(periode: string): string {
  const [annee = '', mois = ''] = periode.split('-')
  return `${MOIS[Number(mois) - 1] ?? mois} ${annee}`
}

/** "22/11/2026 à 08:30 UTC" from an ISO instant; "non envoyée" for null. */
function formatInstant(value: string | null): string {
  if (value === null) return 'non envoyée'
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)} à ${value.slice(11, 16)} UTC`
}

/** "12 345,67 EUR" from "12345.67" (string operations only, no float). */
function formatMontant(value: string | undefined): string {
  if (value === undefined) return 'non communiqué'
  const [entier = '0', decimales = ''] = value.replace('-', '').split('.')
  const groupes = entier.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return `${value.startsWith('-') ? '-' : ''}${groupes},${decimales.padEnd(2, '0')} EUR`
}

/** Date for the PDF metadata from an ISO instant, or the first day of the period at midnight UTC. */
function metadataDate(value: string | null, periode: string): Date {
  return new Date(value ?? `${periode}-01T00:00:00.000Z`)
}

interface Writer {
  page: PDFPage
  font: PDFFont
  bold: PDFFont
  y: number
}

function text(w: Writer, value: string, o: { x?: number; size?: number; bold?: boolean } = {}): void {
  const font = o.bold === true ? w.bold : w.font
  w.page.drawText(sanitizeWinAnsi(value, font), { x: o.x ?? 56, y: w.y, size: o.size ?? 10.5, font, color: rgb(0.1, 0.1, 0.15) })
}

function row(w: Writer, label: string, value: string): void {
  text(w, label, { bold: true })
  text(w, value, { x: 230 })
  w.y -= 17
}

/**
 * Renders the one-page A4 PDF summary of a DSN: company (raison sociale, SIREN formatted and as 9 raw digits,
 * SIRET of the declared establishment), period (`YYYY-MM` and in words), nature and type with their labels,
 * status, sending dates, number of employees, the employee and event date of an event-based DSN, and a totals
 * table. Same input, same bytes. Returns the PDF file's bytes (starting with `%PDF-`).
 */
export async function renderRecapitulatifPdf(input: RecapitulatifInput): Promise<Uint8Array> {
  const { declaration: d, dossier } = input
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const created = metadataDate(d.date_envoi, d.periode)
  pdf.setTitle(`Récapitulatif de DSN ${d.siren} ${d.periode}`)
  pdf.setAuthor('Sandbox API de paie')
  pdf.setSubject(`DSN ${NATURES[d.nature] ?? d.nature} - ${dossier.raison_sociale}`)
  pdf.setCreator('paie-hors-ligne sandbox')
  pdf.setProducer('pdf-lib')
  pdf.setCreationDate(created)
  pdf.setModificationDate(metadataDate(d.date_dernier_envoi ?? d.date_envoi, d.periode))
  const page = pdf.addPage([595.28, 841.89])
  const w: Writer = {
    page,
    font: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    y: 780,
  }
  text(w, 'Récapitulatif de DSN', { size: 20, bold: true })
  w.y -= 22
  text(w, `${NATURES[d.nature] ?? `Nature ${d.nature}`} - période ${d.periode} (${periodeEnLettres(d.periode)})`, { size: 11 })
  w.y -= 34
  const etablissement = dossier.etablissements.find((e) => e.nic === d.nic)
  const siret = etablissement?.siret ?? `${d.siren}${d.nic}`
  row(w, 'Raison sociale', dossier.raison_sociale)
  row(w, 'SIREN', `${formatSiren(d.siren)} (${d.siren})`)
  row(w, 'SIRET de l’établissement', `${formatSiren(siret)} (${siret})`)
  if (etablissement !== undefined)
    row(w, 'Établissement', `${etablissement.denomination}, ${etablissement.code_postal} ${etablissement.commune}`)
  row(w, 'Période', `${d.periode} (${periodeEnLettres(d.periode)})`)
  row(w, 'Nature', `${d.nature} - ${NATURES[d.nature] ?? 'inconnue'}`)
  row(w, 'Type', `${d.type} - ${TYPES[d.type] ?? 'inconnu'}`)
  row(w, 'Statut', STATUTS[d.statut] ?? d.statut)
  row(w, 'Date d’envoi', formatInstant(d.date_envoi))
  row(w, 'Date du dernier envoi', formatInstant(d.date_dernier_envoi))
  row(w, 'Nombre de salariés', String(input.salaries ?? d.nombre_salaries))
  if ('matricule' in d) {
    row(w, 'Matricule du salarié', d.matricule)
    row(w, 'Date de l’événement', `${d.date_evenement.slice(8, 10)}/${d.date_evenement.slice(5, 7)}/${d.date_evenement.slice(0, 4)}`)
  }
  row(w, 'Identifiant', d.id)
  w.y -= 16
  text(w, 'Totaux déclarés', { size: 13, bold: true })
  w.y -= 10
  const t = input.totals ?? {}
  const lignes: [string, string | undefined][] = [
    ['Rémunération brute', t.brut],
    ['Cotisations salariales', t.cotisations_salariales],
    ['Cotisations patronales', t.cotisations_patronales],
    ['Net imposable', t.net_imposable],
    ['Net à payer', t.net_a_payer],
  ]
  const top = w.y
  const height = 20
  for (const [index, [label, montant]] of lignes.entries()) {
    const y = top - (index + 1) * height
    page.drawRectangle({
      x: 56,
      y,
      width: 483,
      height,
      borderColor: rgb(0.6, 0.6, 0.65),
      borderWidth: 0.6,
      color: index % 2 === 0 ? rgb(0.95, 0.95, 0.97) : rgb(1, 1, 1),
    })
    w.y = y + 6
    text(w, label, { x: 64 })
    const value = sanitizeWinAnsi(formatMontant(montant), w.font)
    page.drawText(value, { x: 531 - w.font.widthOfTextAtSize(value, 10.5), y: w.y, size: 10.5, font: w.font, color: rgb(0.1, 0.1, 0.15) })
  }
  w.y = top - (lignes.length + 1) * height - 20
  text(w, 'Document généré par la sandbox de l’API de paie : données fictives, sans valeur déclarative.', { size: 8.5 })
  return pdf.save({ useObjectStreams: false })
}

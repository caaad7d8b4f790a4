/**
 * Filtering of electronegativity findings against the checked-in allow-list (security/electronegativity-allowlist.json).
 * Pure functions, unit-tested on sample outputs (test/main/security/electronegativity.test.ts).
 *
 * electronegativity exits 0 whatever it finds, so `npm run security` decides: any finding of MEDIUM or HIGH severity
 * that no allow-list entry justifies fails the run, and so does an allow-list entry that no longer matches anything.
 */
import Papa from 'papaparse'
import { z } from 'zod'

/** Severities electronegativity reports, lowest first. */
export const SEVERITIES = ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH'] as const
export type Severity = (typeof SEVERITIES)[number]

/** One finding (one CSV row): check id, severity, confidence, file relative to the scanned root, line:column, sample. */
export const Finding = z.object({
  check: z.string().regex(/^[A-Z0-9_]+$/),
  severity: z.enum(SEVERITIES),
  confidence: z.enum(['TENTATIVE', 'FIRM', 'CERTAIN']),
  file: z.string().min(1),
  location: z.string(),
  sample: z.string(),
  description: z.string(),
})
export type Finding = z.output<typeof Finding>

/** The CSV header electronegativity writes (columns separated by ", "). */
const HEADER = ['issue', 'severity', 'confidence', 'filename', 'location', 'sample', 'description', 'url']

/**
 * Parses electronegativity's CSV output (`-o report.csv`).
 * @param scan label of the scanned input (`sources`, `out`), prefixed to nothing but kept on each finding for reports
 * @throws Error when the header is missing or a row does not have the expected shape (a corrupt report must fail).
 */
export function parseElectronegativityCsv(csv: string): Finding[] {
  const parsed = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true })
  const [header, ...rows] = parsed.data
  if (header === undefined || header.map((cell) => cell.trim()).join(',') !== HEADER.join(',')) {
    throw new Error(`Rapport electronegativity illisible : en-tête attendu « ${HEADER.join(', ')} »`)
  }
  return rows.map((row, index) => {
    const [check, severity, confidence, file, location, sample, description] = row
    const result = Finding.safeParse({ check, severity, confidence, file, location, sample, description })
    if (!result.success)
      throw new Error(`Rapport electronegativity : ligne ${index + 2} non conforme (${result.error.issues[0]?.message ?? ''})`)
    return result.data
  })
}

/** One justified finding: which check, in which files (regular expression on the reported path), and why it is safe. */
export const AllowlistEntry = z.object({
  check: z.string().regex(/^[A-Z0-9_]+$/),
  /** Regular expression matched against `<scan>:<file>`, e.g. `^sources:src-main/shell/window\\.ts$`. */
  file: z
    .string()
    .min(1)
    .refine((pattern) => {
      try {
        new RegExp(pattern)
        return true
      } catch {
        return false
      }
    }, 'expression régulière invalide'),
  /** Why this is not a vulnerability, with the code and test that hold the property. */
  reason: z.string().min(20),
})
export type AllowlistEntry = z.output<typeof AllowlistEntry>

export const Allowlist = z.object({ entries: z.array(AllowlistEntry) })

/** A finding of a named scan (`sources` or `out`). */
export interface ScannedFinding extends Finding {
  readonly scan: string
}

/** Outcome of the filtering. */
export interface SecurityVerdict {
  /** Medium/high findings no entry justifies: each one fails the run. */
  readonly unjustified: readonly ScannedFinding[]
  /** Findings an entry justifies, with its reason. */
  readonly justified: readonly { readonly finding: ScannedFinding; readonly reason: string }[]
  /** Low/informational findings, reported only. */
  readonly belowThreshold: readonly ScannedFinding[]
  /** Entries that matched no finding: stale justifications, which fail the run too. */
  readonly staleEntries: readonly AllowlistEntry[]
}

/** True when `severity` is at least `threshold`. */
export function atLeast(severity: Severity, threshold: Severity): boolean {
  return SEVERITIES.indexOf(severity) >= SEVERITIES.indexOf(threshold)
}

/**
 * Splits the findings of every scan into unjustified, justified and below-threshold ones, and lists the stale entries.
 * An entry matches a finding when the check ids are equal and its `file` pattern matches `<scan>:<file>`; it counts as
 * used if it matches any finding, whatever its severity.
 */
export function evaluate(
  findings: readonly ScannedFinding[],
  allowlist: readonly AllowlistEntry[],
  threshold: Severity = 'MEDIUM',
): SecurityVerdict {
  const used = new Set<AllowlistEntry>()
  const unjustified: ScannedFinding[] = []
  const justified: { finding: ScannedFinding; reason: string }[] = []
  const belowThreshold: ScannedFinding[] = []
  for (const finding of findings) {
    const entry = allowlist.find(
      (candidate) => candidate.check === finding.check && new RegExp(candidate.file).test(`${finding.scan}:${finding.file}`),
    )
    if (entry !== undefined) used.add(entry)
    if (!atLeast(finding.severity, threshold)) belowThreshold.push(finding)
    else if (entry === undefined) unjustified.push(finding)
    else justified.push({ finding, reason: entry.reason })
  }
  return { unjustified, justified, belowThreshold, staleEntries: allowlist.filter((entry) => !used.has(entry)) }
}

/** Human report of a verdict, one line per finding; the last line says PASS or FAIL. */
export function formatVerdict(verdict: SecurityVerdict): string {
  const where = (f: ScannedFinding): string => `${f.check} [${f.severity}/${f.confidence}] ${f.scan}:${f.file}:${f.location}`
  const lines = [
    ...verdict.unjustified.map((f) => `NON JUSTIFIÉ  ${where(f)} — ${f.description}`),
    ...verdict.staleEntries.map((e) => `ENTRÉE PÉRIMÉE  ${e.check} ${e.file} (ne correspond plus à aucun constat)`),
    ...verdict.justified.map(({ finding, reason }) => `justifié      ${where(finding)} — ${reason}`),
    ...verdict.belowThreshold.map((f) => `sous le seuil ${where(f)} — ${f.description}`),
  ]
  const failed = verdict.unjustified.length + verdict.staleEntries.length
  lines.push(
    failed === 0
      ? `PASS: ${verdict.justified.length} justified, ${verdict.belowThreshold.length} below MEDIUM`
      : `FAIL: ${verdict.unjustified.length} unjustified, ${verdict.staleEntries.length} stale allow-list entries`,
  )
  return lines.join('\n')
}

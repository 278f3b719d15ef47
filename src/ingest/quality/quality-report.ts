/**
 * The quality report of issue 11: per-field accuracy where the source states the field,
 * coverage over every golden row, dedup precision and recall, and the worst examples.
 * `jobs quality` prints it; test/unit/quality/golden-set-floors.test.ts holds its
 * figures to their floors.
 */
import { FIELDS, hasValue, scoreFields, type Field, type FieldOutcome } from './field-scores.ts';
import { loadGoldenRows, type GoldenRow } from './golden-rows.ts';
import { refKey, type GoldenSet, type RowRef } from './golden-set.ts';
import { predictSame, scorePairs, type PairOutcome, type PairScores } from './pair-scores.ts';

export interface FieldScore {
  field: Field;
  /** Golden rows whose label states the field. */
  stated: number;
  correct: number;
  /** correct / stated; 1 when nothing is stated. */
  accuracy: number;
  /** Stated, but the job has no value at all (as opposed to a wrong one). */
  missing: number;
  /** Share of all golden rows where the job has a value. */
  coverage: number;
  wrong: { ref: RowRef; title: string; outcome: FieldOutcome }[];
}

export interface QualityReport {
  postings: number;
  /** Rows normalization refused, with the reason. */
  refused: { ref: RowRef; reason: string }[];
  /** Rows the fixtures name that are not in their file (the data moved). */
  missing: RowRef[];
  fields: FieldScore[];
  dedup: PairScores;
}

export function measureQuality(root: string, golden: GoldenSet): QualityReport {
  const refs = [...golden.postings, ...golden.pairs.flatMap((p) => [p.a, p.b])];
  const { rows, missing } = loadGoldenRows(root, refs);
  const scored = golden.postings.flatMap((p) => {
    const row = rows.get(refKey(p));
    return row ? [{ row, outcomes: scoreFields(p.expect, row.job) }] : [];
  });
  const fields = FIELDS.map((field) => fieldScore(field, scored));
  const outcomes: PairOutcome[] = [];
  for (const pair of golden.pairs) {
    const a = rows.get(refKey(pair.a))?.job;
    const b = rows.get(refKey(pair.b))?.job;
    if (!a || !b) continue;
    const { same, by } = predictSame(a, b);
    outcomes.push({ pair, predicted: same, by });
  }
  const refused = [...rows.values()]
    .filter((r): r is GoldenRow & { reason: string } => r.job === null)
    .map((r) => ({ ref: r.ref, reason: r.reason }));
  return { postings: scored.length, refused, missing, fields, dedup: scorePairs(outcomes) };
}

function fieldScore(field: Field, scored: { row: GoldenRow; outcomes: FieldOutcome[] }[]): FieldScore {
  const mine = scored.flatMap(({ row, outcomes }) =>
    outcomes.filter((o) => o.field === field).map((outcome) => ({ row, outcome })),
  );
  const correct = mine.filter((m) => m.outcome.ok).length;
  const wrong = mine
    .filter((m) => !m.outcome.ok)
    .map((m) => ({ ref: m.row.ref, title: m.row.raw.title, outcome: m.outcome }));
  return {
    field,
    stated: mine.length,
    correct,
    accuracy: mine.length === 0 ? 1 : correct / mine.length,
    missing: wrong.filter((w) => w.outcome.got === '∅').length,
    coverage:
      scored.length === 0 ? 0 : scored.filter((s) => hasValue(field, s.row.job)).length / scored.length,
    wrong,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The report as text: a table per field, dedup figures, then up to `worst` wrong examples per field. */
export function formatQualityReport(report: QualityReport, worst = 5): string {
  const lines: string[] = [];
  lines.push(`Golden set: ${report.postings} postings, ${report.dedup.pairs} pairs`);
  if (report.missing.length > 0)
    lines.push(`Not found in their file: ${report.missing.map(refKey).join(', ')}`);
  for (const r of report.refused) lines.push(`Refused by normalization: ${refKey(r.ref)} (${r.reason})`);
  lines.push('', 'field          stated  correct  accuracy  missing  coverage');
  for (const f of report.fields) {
    lines.push(
      `${f.field.padEnd(14)} ${String(f.stated).padStart(6)} ${String(f.correct).padStart(8)} ${pct(f.accuracy).padStart(9)} ${String(f.missing).padStart(8)} ${pct(f.coverage).padStart(9)}`,
    );
  }
  const d = report.dedup;
  lines.push(
    '',
    `dedup: precision ${d.precision.toFixed(3)}, recall ${d.recall.toFixed(3)} ` +
      `(${d.truePositives} merged right, ${d.falsePositives} merged wrongly, ${d.falseNegatives} copies kept apart, ${d.trueNegatives} kept apart right)`,
  );
  for (const f of report.fields) {
    if (f.wrong.length === 0) continue;
    lines.push('', `worst ${f.field} (${f.wrong.length} wrong):`);
    for (const w of f.wrong.slice(0, worst)) {
      lines.push(
        `  ${refKey(w.ref)} "${w.title.trim().slice(0, 70)}": expected ${w.outcome.expected}, got ${w.outcome.got}`,
      );
    }
  }
  if (d.wrong.length > 0) {
    lines.push('', `worst dedup (${d.wrong.length} wrong):`);
    for (const o of d.wrong.slice(0, worst * 2)) {
      lines.push(
        `  ${o.pair.same ? 'kept apart' : 'merged'} [${o.pair.kind}, ${o.by}] ${refKey(o.pair.a)} ~ ${refKey(o.pair.b)}`,
      );
    }
  }
  return lines.join('\n');
}

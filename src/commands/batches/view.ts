// How a batch is shown by `batches get` (once, after --wait, or watched).
import type { Batch, BatchResult } from '../../api/schemas/batch.js';
import { sanitizeField } from '../../core/sanitize.js';
import { inline, type Cell } from '../../output/cells.js';
import type { NamedColumn } from '../../output/columns.js';
import type { FieldsView } from '../../output/printer.js';
import { columnsOf, type ColumnViews } from '../context.js';
import { detailView } from '../shared/detail.js';
import { status, usd } from '../shared/format.js';
import { progressBar } from '../shared/progress.js';
import type { spec } from './get.js';

function counts(b: Batch): string {
  const c = b.request_counts;
  if (!c) return '-';
  return `${c.completed ?? 0} completed, ${c.failed ?? 0} failed, ${c.total ?? 0} total`;
}

function tokens(b: Batch): string {
  const u = b.usage;
  if (!u) return '-';
  return `${u.prompt_tokens ?? 0} prompt + ${u.completion_tokens ?? 0} completion = ${u.total_tokens ?? 0}`;
}

function resultRow(r: BatchResult): Cell[] {
  const body = r.response?.body as { choices?: { finish_reason?: unknown }[]; usage?: { total_tokens?: unknown } } | null | undefined;
  const code = r.response?.status_code;
  return [
    r.custom_id ?? r.id ?? null,
    code === undefined ? null : code >= 400 ? { text: String(code), tone: 'bad' } : String(code),
    body?.choices?.[0]?.finish_reason === undefined ? null : inline(body.choices[0].finish_reason),
    body?.usage?.total_tokens === undefined ? null : inline(body.usage.total_tokens),
    r.error?.error_type ?? r.error?.type ?? null,
  ];
}

/** `[=========           ] 45/100 finalizing`: completed plus failed over total. */
export function bar(b: Batch): string {
  const c = b.request_counts ?? {};
  return `${progressBar((c.completed ?? 0) + (c.failed ?? 0), c.total ?? 0)} ${sanitizeField(b.status)}`;
}

// The fields, by API field name: labelled on a terminal, raw values in a pipe; the counts one by
// one and the progress bar only when --columns names them (or a watch shows them).
const views: ColumnViews<typeof spec, Batch> = {
  id: { header: 'ID', value: (b) => b.id },
  status: { header: 'Status', value: (b) => status(b.status), raw: (b) => b.status },
  error: { header: 'Error', value: (b) => ({ text: b.error?.message ?? '', tone: 'bad' }), raw: (b) => b.error?.message ?? null },
  model: { header: 'Model', value: (b) => b.model },
  endpoint: { header: 'Endpoint', value: (b) => b.endpoint },
  provider: { header: 'Provider', value: (b) => b.provider ?? null },
  request_counts: { header: 'Requests', value: counts, raw: (b) => b.request_counts ?? null },
  created_at: { header: 'Created', value: (b) => ({ time: b.created_at }) },
  finalized_at: { header: 'Finalized', value: (b) => ({ time: b.finalized_at }) },
  expires_at: { header: 'Expires', value: (b) => ({ time: b.expires_at }) },
  cost: { header: 'Cost', value: (b) => usd(b.usage?.cost), raw: (b) => b.usage?.cost ?? null, uses: ['usage'] },
  usage: { header: 'Tokens', value: tokens, raw: (b) => b.usage ?? null },
  results: {
    header: 'Results',
    value: (b) => (b.results ? `${b.results.length}` : { text: 'not available until the batch ends', tone: 'muted' }),
    raw: (b) => b.results?.length ?? null,
  },
  completed: { header: 'Completed', value: (b) => b.request_counts?.completed ?? null, byDefault: false },
  failed: { header: 'Failed', value: (b) => b.request_counts?.failed ?? null, byDefault: false },
  total: { header: 'Total', value: (b) => b.request_counts?.total ?? null, byDefault: false },
  progress: { header: 'Progress', value: bar, raw: (b) => b.request_counts?.completed ?? null, byDefault: false },
};

/** What a watch shows by default: the id, the status and the counts. */
const WATCHED = new Set(['id', 'status', 'completed', 'failed', 'total']);

export function watchedBatchColumns(declared: typeof spec): NamedColumn<Batch>[] {
  return columnsOf(declared, views).map((c) => ({ ...c, byDefault: WATCHED.has(c.name) }));
}

export function batchView(declared: typeof spec, b: Batch, withResults: boolean): FieldsView<Batch> {
  return detailView(b, columnsOf(declared, views), {
    pickable: true,
    // The error line only when there is one.
    show: (f) => f.name !== 'error' || Boolean(b.error?.message),
    alsoKnown: ['object', 'completion_window'],
    sections: withResults
      ? [
          {
            title: 'Results',
            key: 'result',
            headers: ['CUSTOM ID', 'STATUS', 'FINISH', 'TOKENS', 'ERROR TYPE'],
            rows: (b.results ?? []).map(resultRow),
          },
        ]
      : [],
  });
}

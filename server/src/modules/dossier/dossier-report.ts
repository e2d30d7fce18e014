import {
  CASE_PRIORITY_LABELS,
  CASE_RESOLUTION_LABELS,
  CASE_STATUS_LABELS,
  SCAM_TYPE_LABELS,
} from '@scamtrail/domain/cases';
import { CASE_TASK_STATUS_LABELS } from '@scamtrail/domain/case-tasks';
import {
  custodyActionText,
  custodyActorText,
  custodyDetailParts,
  type CustodyNamedRecord,
} from '@scamtrail/domain/custody-words';
import type { CustodyEvent, Evidence } from '@scamtrail/domain/evidence';
import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import { JOURNAL_ENTRY_TYPE_LABELS, type JournalEntry } from '@scamtrail/domain/journal-entries';
import type { DossierData } from './dossier-data';
import {
  CHAIN_FILE,
  JSONLD_FILE,
  MANIFEST_FILE,
  MANIFEST_SIGNATURE_FILE,
  SIGNATURES_DIR,
  VERIFY_FILE,
  type ManifestSigning,
} from './dossier-format';

/**
 * `report.html`: the whole case on one self-contained, printable page. No script, no external
 * resource (fonts are the reader's system fonts, styles are inline), print CSS for A4 and Letter.
 * Each evidence row carries `data-evidence-id` and `data-sha256`, which the offline verifier reads.
 */

export interface ReportContext {
  exportedBy: string;
  exportedAt: string;
  serverVersion: string;
  chainHead: string | null;
  /** Evidence id to the path of its bytes in the package (absent when the stored bytes were missing). */
  evidencePaths: Map<string, string>;
  /** Whether the exporter signs the manifest with a passkey. */
  signing: ManifestSigning;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const h = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

const DASH = '—';
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const when = (iso: string | null | undefined) =>
  iso
    ? h(
        iso
          .replace('T', ' ')
          .replace(/\.\d{3}Z$/, ' UTC')
          .replace(/Z$/, ' UTC'),
      )
    : DASH;

function bytes(size: number | null): string {
  if (size === null) return DASH;
  if (size < 1024) return `${size} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]} (${size.toLocaleString('en-US')} bytes)`;
}

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 10.5pt/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: #161616; margin: 0 auto; padding: 24px; max-width: 1000px; }
h1 { font-size: 20pt; margin: 0 0 4px; }
h2 { font-size: 14pt; border-bottom: 2px solid #161616; padding-bottom: 2px; margin: 28px 0 10px; }
h3 { font-size: 11pt; margin: 0 0 4px; }
.meta { color: #525252; margin: 0 0 12px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { border: 1px solid #c6c6c6; padding: 4px 6px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; font-weight: 600; }
dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; }
dl.summary dt { font-weight: 600; }
dl.summary dd { margin: 0; }
td.detail { overflow-wrap: anywhere; }
.hash, code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 8.5pt;
  overflow-wrap: anywhere; word-break: break-all; }
.entry { border: 1px solid #c6c6c6; border-left: 4px solid #0f62fe; padding: 8px 10px; margin: 0 0 10px; }
.entry.nullified { border-left-color: #da1e28; background: #fff1f1; }
.entry .head { display: flex; flex-wrap: wrap; gap: 4px 16px; color: #525252; font-size: 9.5pt; }
.entry .text { white-space: pre-wrap; margin: 6px 0; }
.badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 9pt; font-weight: 600; }
.ok { background: #defbe6; color: #0e6027; }
.bad { background: #ffd7d9; color: #a2191f; }
.none { background: #e0e0e0; color: #393939; }
.small { font-size: 9pt; color: #525252; }
pre { white-space: pre-wrap; font-size: 9pt; background: #f4f4f4; padding: 8px; }
@page { margin: 14mm 12mm; }
@media print {
  body { padding: 0; max-width: none; font-size: 9.5pt; }
  h2 { break-after: avoid; }
  .entry, tr, dl.summary { break-inside: avoid; }
  thead { display: table-header-group; }
  a { color: inherit; text-decoration: none; }
}
`;

function summary(data: DossierData): string {
  const c = data.case;
  const rows: [string, string][] = [
    ['Status', h(CASE_STATUS_LABELS[c.status] ?? c.status)],
    ['Priority', h(CASE_PRIORITY_LABELS[c.priority] ?? c.priority)],
    ['Scam type', c.scamType ? h(SCAM_TYPE_LABELS[c.scamType] ?? c.scamType) : DASH],
    ['Resolution', c.resolution ? h(CASE_RESOLUTION_LABELS[c.resolution] ?? c.resolution) : DASH],
    ['Closure notes', c.closureNotes ? h(c.closureNotes) : DASH],
    [
      'Reported loss',
      c.reportedLoss
        ? `${h(c.reportedLoss.amount.toLocaleString('en-US'))} ${h(c.reportedLoss.currency)}`
        : DASH,
    ],
    ['Group', c.group ? h(c.group.name) : 'No group'],
    ['Assignees', c.assignees.length ? c.assignees.map((a) => h(a.fullName)).join(', ') : DASH],
    ['Tags', c.tags.length ? c.tags.map((t) => h(t.name)).join(', ') : DASH],
    ['Reported by', c.originator ? h(c.originator.displayName) : DASH],
    ['Opened', when(c.createdAt)],
    ['Closed', when(c.closedAt)],
    ['Last activity', when(c.lastActivityAt)],
    ['Entries', String(c.entryCount)],
    ['Evidence items', String(c.evidenceCount)],
  ];
  return `<h2 id="summary">Case summary</h2>
<dl class="summary">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
<h3 style="margin-top:10px">Description</h3><div class="entry" style="border-left-color:#8d8d8d"><div class="text">${h(c.description) || DASH}</div></div>`;
}

function signatureStatus(entry: JournalEntry, data: DossierData): string {
  if (!entry.isSigned) return '<span class="badge none">Not signed</span>';
  const verdict = data.signatures.results.find((r) => r.journalEntryId === entry.id);
  const bundle = data.bundles.get(entry.id);
  const withheld = data.withheldBundles.get(entry.id);
  const state = verdict?.valid
    ? '<span class="badge ok">Signature valid</span>'
    : `<span class="badge bad">Signature invalid</span> ${h(verdict?.info.invalidReason ?? '')}`;
  const who = verdict?.info.signerName
    ? ` by ${h(verdict.info.signerName)} (${h(verdict.info.signerEmail)}), passkey “${h(verdict.info.passkeyName)}”, ${when(verdict.info.signedAt)}`
    : '';
  const file = bundle
    ? ` Bundle: <code>${h(SIGNATURES_DIR + entry.id)}.json</code>.`
    : withheld
      ? ` Bundle not included: ${h(withheld)}.`
      : '';
  return `${state}${who}.${file}`;
}

function timeline(data: DossierData): string {
  if (!data.entries.length) return '<h2 id="timeline">Timeline</h2><p>No journal entries.</p>';
  const items = data.entries.map((entry) => {
    const evidence = entry.evidence.length
      ? `<div><strong>Evidence:</strong> ${entry.evidence
          .map((item) => {
            const path = data.evidence.some((e) => e.id === item.id) ? `#evidence-${h(item.id)}` : null;
            const title = path ? `<a href="${path}">${h(item.title)}</a>` : h(item.title);
            return `${title} <span class="hash">${h(item.sha256 ?? '')}</span>`;
          })
          .join('; ')}</div>`
      : '';
    const identifiers = entry.identifiers.length
      ? `<div><strong>Identifiers:</strong> ${entry.identifiers.map((i) => `${h(i.displayValue)} <span class="small">(${h(getIdentifierTypeLabel(i.type))})</span>`).join(', ')}</div>`
      : '';
    const nullified = entry.isNullified
      ? `<div><span class="badge bad">Removed</span> ${when(entry.nullifiedAt)} by ${h(entry.nullifiedBy ?? 'unknown')}: ${h(entry.nullifiedReason ?? '')}</div>`
      : '';
    return `<article class="entry${entry.isNullified ? ' nullified' : ''}" id="entry-${h(entry.id)}" data-entry-id="${h(entry.id)}">
<div class="head"><span>${when(entry.performedAt)}</span><span>${h(JOURNAL_ENTRY_TYPE_LABELS[entry.type] ?? entry.type)}</span><span>${h(entry.originator?.displayName ?? 'Unknown author')}</span><span class="small">Entry id <span class="hash">${h(entry.id)}</span></span></div>
${nullified}<div class="text">${h(entry.description)}</div>${evidence}${identifiers}
<div>${signatureStatus(entry, data)}</div></article>`;
  });
  return `<h2 id="timeline">Timeline (${count(data.entries.length, 'entry', 'entries')}, oldest first, removed ones included)</h2>${items.join('\n')}`;
}

function identifiers(data: DossierData): string {
  if (!data.identifiers.length) return '<h2 id="identifiers">Identifiers</h2><p>No identifiers.</p>';
  const rows = data.identifiers.map(
    (i) =>
      `<tr><td>${h(i.typeLabel)}</td><td class="hash">${h(i.displayValue)}</td><td>${h(i.confidence?.formatted ?? '?')}</td><td>${i.entryCount}</td><td>${i.otherCaseCount}${
        i.otherCases.length
          ? ` <span class="small">(${i.otherCases.map((o) => `#${o.number} ${h(o.title)}`).join('; ')})</span>`
          : ''
      }</td></tr>`,
  );
  return `<h2 id="identifiers">Identifiers</h2>
<p class="small">“Other cases” counts only the cases the exporter may see.</p>
<table><thead><tr><th>Type</th><th>Value</th><th>Confidence</th><th>Entries here</th><th>Other cases</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/**
 * Where a record a custody row names is read in this report: this case at its summary, one of its
 * entries in the timeline; null for another case or its entries (named, not linked: the report links
 * nothing outside itself).
 */
function anchorOf(record: CustodyNamedRecord, data: DossierData): string | null {
  if (record.kind === 'case') return record.id === data.case.id ? '#summary' : null;
  return data.entries.some((entry) => entry.id === record.id) ? `#entry-${record.id}` : null;
}

/**
 * A custody row's detail in the words of the evidence page (`@scamtrail/domain/custody-words`), from
 * what the exporter was told at export (`listCustody`: a case or entry they may see by its name, one
 * they may not as "An entry you cannot see"); hashes whole, since the report is where a reader finds them.
 */
function custodyDetail(event: CustodyEvent, data: DossierData): string {
  const parts = custodyDetailParts(event, 'full');
  if (parts.every((part) => !part.text)) return DASH;
  return parts
    .map(({ text, record }) => {
      const anchor = record ? anchorOf(record, data) : null;
      return anchor ? `<a href="${h(anchor)}">${h(text)}</a>` : h(text);
    })
    .join('');
}

function evidenceSection(data: DossierData, ctx: ReportContext): string {
  if (!data.evidence.length) return '<h2 id="evidence">Evidence</h2><p>No evidence.</p>';
  const rows = data.evidence.map((item: Evidence) => {
    const path = ctx.evidencePaths.get(item.id);
    return `<tr id="evidence-${h(item.id)}" data-evidence-id="${h(item.id)}" data-sha256="${h(item.sha256 ?? '')}"><td>${h(item.title)}</td><td>${item.kind === 'written' ? 'Written (text/plain)' : h(item.mediaType ?? DASH)}</td><td>${bytes(item.kind === 'written' ? Buffer.byteLength(item.body ?? '', 'utf8') : item.size)}</td><td class="hash">${h(item.sha256 ?? DASH)}</td><td>${
      path
        ? `<a href="${h(path)}"><code>${h(path)}</code></a>`
        : '<span class="badge bad">Stored file missing</span>'
    }</td></tr>`;
  });
  const custody = data.evidence.map((item) => {
    const events = data.custody.get(item.id) ?? [];
    return `<h3><a href="#evidence-${h(item.id)}">${h(item.title)}</a> <span class="small">Evidence id <span class="hash">${h(item.id)}</span></span></h3>
<table><thead><tr><th>When</th><th>Action</th><th>By</th><th>Detail</th></tr></thead><tbody>${events
      .map(
        (e) =>
          `<tr><td>${when(e.createdAt)}</td><td>${h(custodyActionText(e.action))}</td><td>${h(custodyActorText(e.actor))}</td><td class="detail">${custodyDetail(e, data)}</td></tr>`,
      )
      .join('')}</tbody></table>`;
  });
  return `<h2 id="evidence">Evidence</h2>
<table><thead><tr><th>Title</th><th>Media type</th><th>Size</th><th>SHA-256</th><th>File</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<h2 id="custody">Chain of custody</h2>${custody.join('\n')}`;
}

function tasks(data: DossierData): string {
  if (!data.tasks.length) return '<h2 id="tasks">Tasks</h2><p>No tasks.</p>';
  const rows = data.tasks.map(
    (t) =>
      `<tr><td>${h(t.title)}${t.description ? `<div class="small">${h(t.description)}</div>` : ''}</td><td>${h(CASE_TASK_STATUS_LABELS[t.status] ?? t.status)}</td><td>${h(t.assignee?.fullName ?? DASH)}</td><td>${when(t.dueAt)}</td><td>${h(t.createdBy?.displayName ?? DASH)}, ${when(t.createdAt)}</td></tr>`,
  );
  return `<h2 id="tasks">Tasks</h2><table><thead><tr><th>Task</th><th>Status</th><th>Assignee</th><th>Due</th><th>Added</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function verification(data: DossierData, ctx: ReportContext): string {
  const s = data.signatures.summary;
  const integrity = data.integrity.intact
    ? `<span class="badge ok">Intact</span> ${count(data.integrity.entries, 'link', 'links')} checked.`
    : `<span class="badge bad">Broken</span> ${h(data.integrity.firstBreak?.reason ?? '')}`;
  return `<h2 id="verification">Verification</h2>
<p>Checked by the server when this dossier was exported (${when(ctx.exportedAt)}):</p>
<table><tbody>
<tr><th>Signed entries</th><td>${s.valid} valid, ${s.invalid} invalid, ${s.unsigned} unsigned, of ${count(s.total, 'entry', 'entries')} (each signature checked against the entry, its linked evidence re-hashed, and the passkey assertion verified).</td></tr>
<tr><th>Journal hash chain</th><td>${integrity} Head: <span class="hash">${h(ctx.chainHead ?? 'none (no entries)')}</span></td></tr>
<tr><th>Evidence files</th><td>Each file was hashed again while it was written into this package; <code>${MANIFEST_FILE}</code> lists the SHA-256 and size of every file.</td></tr>
<tr><th>This dossier</th><td>${
    ctx.signing === 'passkey'
      ? `<span class="badge ok">Signed</span> by ${h(ctx.exportedBy)} with a passkey: <code>${MANIFEST_SIGNATURE_FILE}</code> signs the SHA-256 of <code>${MANIFEST_FILE}</code>, and so every file of the package.`
      : `<span class="badge none">Not signed</span> The manifest carries no passkey signature: its hashes show whether a file changed, but nothing in the package proves who exported it.`
  }</td></tr>
</tbody></table>
<h3>How to check this dossier again</h3>
<ol>
<li>With Scamtrail's verifier, offline: <code>npm run verify -- dossier.zip</code> or <code>scamtrail verify dossier.zip</code>. It recomputes every file's SHA-256 against <code>${MANIFEST_FILE}</code>, every evidence file's against this report and the chain of custody in <code>${JSONLD_FILE}</code>, every signature bundle in <code>${SIGNATURES_DIR}</code>, the hash chain in <code>${CHAIN_FILE}</code>, and the manifest's signature (<code>${MANIFEST_SIGNATURE_FILE}</code>) when there is one, and names any file changed, removed or added.</li>
<li>By hand: <code>sha256sum</code> of each file must equal its line in <code>${MANIFEST_FILE}</code>; each evidence file's name begins with its SHA-256. <code>${VERIFY_FILE}</code> says the same in plain words.</li>
</ol>`;
}

export function renderReport(data: DossierData, ctx: ReportContext): string {
  const c = data.case;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'none'">
<title>Case #${c.number}: ${h(c.title)}, dossier</title>
<style>${STYLE}</style></head>
<body data-case-id="${h(c.id)}">
<header><h1>Case #${c.number}: ${h(c.title)}</h1>
<p class="meta">Dossier exported by ${h(ctx.exportedBy)} on ${when(ctx.exportedAt)} from Scamtrail ${h(ctx.serverVersion)}. Case id <span class="hash">${h(c.id)}</span>.</p></header>
<main>${summary(data)}
${timeline(data)}
${identifiers(data)}
${evidenceSection(data, ctx)}
${tasks(data)}
${verification(data, ctx)}</main>
</body></html>
`;
}

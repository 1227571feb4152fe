/**
 * `npm run vitals`: the p75 of each web-vitals metric per page kind over the last VITALS_DAYS
 * (7) days, from the beacons browsers sent (POST /api/analytics), as a table on stdout.
 */
import { bootstrap } from '#server/bootstrap.ts';
import { loadToolConfig } from '#server/config.ts';

const days = loadToolConfig().vitalsDays;
const { database, services } = await bootstrap({ seed: false });
const rows = await services.analytics.vitalsSummary(days);
await database.close();
const kinds = [...new Set(rows.map((row) => row.pageKind))].sort();
const names = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];
const cell = (kind: string, name: string) => {
  const row = rows.find((entry) => entry.pageKind === kind && entry.name === name);
  if (!row) return '—';
  const value = name === 'CLS' ? row.p75.toFixed(3) : `${Math.round(row.p75)} ms`;
  return `${value} (${row.count})`;
};
console.log(`p75 over ${days} days (measurements in brackets)`);
console.log(['page kind', ...names].join('\t'));
for (const kind of kinds) console.log([kind, ...names.map((name) => cell(kind, name))].join('\t'));
if (!kinds.length) console.log('no measurements yet');

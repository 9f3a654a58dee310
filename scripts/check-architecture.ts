import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The architecture check of `npm run lint` (docs/architecture.md "Layers and module faces"):
 * dependency-cruiser's rules in .dependency-cruiser.cjs (layers, module faces, repos, cycles, the
 * web zones), plus the one rule an import graph cannot see: SQL written as text outside a repo.
 *
 *   node --import tsx scripts/check-architecture.ts [root]
 *
 * `root` (default: this repository) must hold .dependency-cruiser.cjs, tsconfig.architecture.json
 * and apps/; the test of this check (check-architecture.test.ts) points it at a small tree that
 * breaks each rule on purpose.
 */

const REPOSITORY = path.resolve(fileURLToPath(import.meta.url), '../..');
const DEPCRUISE = path.join(REPOSITORY, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

interface CruiseResult {
  summary: { violations: { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] }[] };
}

/** A query written as text: a string or template that starts like SQL, passed to a query call. */
const SQL_TEXT = /\.(?:query|execute|unsafe)\(\s*[`'"]\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
/** Where SQL may be written: repos, the database folder (schema, migrations, connection), tests. */
const MAY_HOLD_SQL = /\.repo\.ts$|\.test\.tsx?$|^apps\/server\/src\/db\//;

function serverFiles(root: string, folder = 'apps/server/src'): string[] {
  if (!existsSync(path.join(root, folder))) return [];
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return serverFiles(root, relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

function sqlOutsideRepos(root: string): Violation[] {
  return serverFiles(root)
    .filter((file) => !MAY_HOLD_SQL.test(file))
    .filter((file) => SQL_TEXT.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => ({ rule: 'server-sql-only-in-repos', from: file, to: 'SQL text' }));
}

function importViolations(root: string): Violation[] {
  const json = execFileSync(
    process.execPath,
    [DEPCRUISE, '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'apps', 'packages'],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const result = JSON.parse(json) as CruiseResult;
  return result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.cycle ? violation.cycle.map((step) => step.name).join(' → ') : violation.to,
  }));
}

export function architectureViolations(root = REPOSITORY): Violation[] {
  return [...importViolations(root), ...sqlOutsideRepos(root)];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? REPOSITORY);
  const violations = architectureViolations(root);
  for (const { rule, from, to } of violations) console.error(`  ${rule}: ${from} → ${to}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} architecture violations (rules: .dependency-cruiser.cjs).`);
    process.exit(1);
  }
  console.log('architecture: no violations');
}

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { architectureViolations, type Violation } from './check-architecture.ts';

const REPOSITORY = path.resolve(fileURLToPath(import.meta.url), '../..');

/** A small repository with the real rules and one file per way of breaking them. */
function treeWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'architecture-'));
  for (const name of ['.dependency-cruiser.cjs', 'tsconfig.architecture.json', 'tsconfig.base.json']) {
    copyFileSync(path.join(REPOSITORY, name), path.join(root, name));
  }
  symlinkSync(path.join(REPOSITORY, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  mkdirSync(path.join(root, 'packages'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/** A module as it should be: a repo, a service that uses it, a face that exports the service. */
const postsModule = {
  [`${SERVER}/modules/posts/posts.repo.ts`]:
    "import { sql } from 'drizzle-orm';\nexport const findPost = (id: string) => sql`SELECT 1 WHERE true`;\n",
  [`${SERVER}/modules/posts/posts.service.ts`]:
    "import { findPost } from './posts.repo.ts';\nexport const postOf = (id: string) => findPost(id);\n",
  [`${SERVER}/modules/posts/index.ts`]: "export { postOf } from './posts.service.ts';\n",
};

const rulesOf = (violations: Violation[]) => violations.map((violation) => violation.rule).sort();

describe('the architecture check', { timeout: 30_000 }, () => {
  const roots: string[] = [];
  const check = (files: Record<string, string>) => {
    const root = treeWith(files);
    roots.push(root);
    return architectureViolations(root);
  };
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  let clean: Violation[];
  beforeAll(() => {
    clean = check({
      ...postsModule,
      [`${SERVER}/modules/ads/ads.service.ts`]:
        "import { postOf } from '../posts/index.ts';\nexport const adOf = (id: string) => postOf(id);\n",
      [`${WEB}/features/feed/feed.tsx`]:
        "import { format } from '@/lib/format.ts';\nexport const Feed = () => format;\n",
      [`${WEB}/lib/format.ts`]: 'export const format = 1;\n',
    });
  });

  it('passes a tree that keeps the rules: a module used through its face, a feature on lib/', () => {
    expect(clean).toEqual([]);
  });

  it("fails an import of another module's repo", () => {
    const violations = check({
      ...postsModule,
      [`${SERVER}/modules/ads/ads.service.ts`]:
        "import { findPost } from '../posts/posts.repo.ts';\nexport const adOf = (id: string) => findPost(id);\n",
    });
    expect(rulesOf(violations)).toEqual(['server-module-face']);
    expect(violations[0]).toMatchObject({ from: `${SERVER}/modules/ads/ads.service.ts` });
  });

  it('fails SQL in a service, through drizzle-orm or as text', () => {
    const violations = check({
      ...postsModule,
      [`${SERVER}/modules/ads/ads.service.ts`]:
        "import { sql } from 'drizzle-orm';\nexport const adOf = (id: string) => sql`SELECT 1 WHERE true`;\n",
      [`${SERVER}/modules/ads/ads-summary.ts`]:
        "export const total = (pool: { query(text: string): unknown }) =>\n  pool.query(\n    'SELECT sum(cents) FROM ads',\n  );\n",
    });
    expect(violations).toEqual([
      expect.objectContaining({ rule: 'server-sql-only-in-repos', from: `${SERVER}/modules/ads/ads.service.ts` }),
      expect.objectContaining({ rule: 'server-sql-only-in-repos', from: `${SERVER}/modules/ads/ads-summary.ts` }),
    ]);
  });

  it('fails a demo seed that reads or writes tables itself, not one that names their types or a test', () => {
    const violations = check({
      ...postsModule,
      [`${SERVER}/db/schema/index.ts`]: 'export const posts = { id: 1 };\nexport type PostRow = { id: string };\n',
      [`${SERVER}/demo/demo-accounts.ts`]:
        "import { eq } from 'drizzle-orm';\nimport { posts } from '../db/schema/index.ts';\nexport const seed = () => eq(posts.id, 1);\n",
      [`${SERVER}/demo/demo-content.ts`]:
        "import type { PostRow } from '../db/schema/index.ts';\nimport { postOf } from '../modules/posts/index.ts';\nexport const seed = (p: PostRow) => postOf(p.id);\n",
      [`${SERVER}/demo/demo-seed.test.ts`]:
        "import { posts } from '../db/schema/index.ts';\nexport const rows = posts;\n",
    });
    const demo = { rule: 'server-demo-through-services', from: `${SERVER}/demo/demo-accounts.ts` };
    // drizzle-orm is named by its real path: the tree's node_modules is a link to this repository's.
    expect(violations).toEqual(
      expect.arrayContaining([
        { ...demo, to: `${SERVER}/db/schema/index.ts` },
        { ...demo, to: expect.stringMatching(/node_modules\/drizzle-orm\//) },
      ]),
    );
    expect(violations).toHaveLength(2);
  });

  it('fails a cycle', () => {
    const violations = check({
      [`${SERVER}/lib/a.ts`]: "import { b } from './b.ts';\nexport const a = () => b;\n",
      [`${SERVER}/lib/b.ts`]: "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(violations).toEqual([
      { rule: 'no-cycles', from: `${SERVER}/lib/a.ts`, to: `${SERVER}/lib/b.ts → ${SERVER}/lib/a.ts` },
    ]);
  });

  it('fails an import from a lower layer to a higher one', () => {
    const violations = check({
      ...postsModule,
      [`${SERVER}/lib/events.ts`]: "import { postOf } from '../modules/posts/index.ts';\nexport const e = postOf;\n",
      [`${SERVER}/db/seed.ts`]: "import { postOf } from '../modules/posts/index.ts';\nexport const s = postOf;\n",
    });
    expect(rulesOf(violations)).toEqual(['server-db-imports-nothing-above', 'server-lib-imports-nothing-above']);
  });

  it('fails a web feature that imports another feature, and lib/ that imports a feature', () => {
    const violations = check({
      [`${WEB}/features/feed/feed.tsx`]:
        "import { Search } from '@/features/search/search.tsx';\nexport const F = Search;\n",
      [`${WEB}/features/search/search.tsx`]: 'export const Search = 1;\n',
      [`${WEB}/lib/util.ts`]: "import { Search } from '../features/search/search.tsx';\nexport const u = Search;\n",
    });
    expect(rulesOf(violations)).toEqual(['web-feature-to-feature', 'web-lower-layers-stay-below']);
  });
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Fewer files for the pages people land on (docs/decisions/048-landing-chunks.md).
 *
 * Left to itself Rollup cuts the code that lazy pages share into one chunk per combination of
 * pages sharing it: /home's route code came in 31 files of 1–4 KB, /{username}'s in 39. Over
 * HTTP/1.1's six connections on slow 4G every file is a round trip before the page works, and
 * Lighthouse counts every script that arrives before the largest paint in that paint's time.
 *
 * So the build runs twice (`npm run build`): a plan build (`vite build --mode chunk-plan`, nothing
 * written but the plan) records which chunk Rollup gave each module; the real build keeps every
 * one of those chunks as it was, except that the chunks the landing pages load beyond the entry
 * become one file of what two or more of them share ('landing') and one per page for the rest
 * ('page-home', …). Every module is named, so Rollup moves nothing else and no chunk is cut anew;
 * the entry's chunks are untouched (entry-budget.ts measures them).
 */

/** The landing pages with the lazy modules their first render waits for (router.tsx's ALSO_LOADED). */
const LANDING_PAGES: Record<string, string[]> = {
  home: ['src/app/routes/home.tsx', 'src/features/posts/components/home-feed.tsx'],
  media: ['src/app/routes/media.tsx'],
  post: ['src/app/routes/post.tsx', 'src/app/layout/headers/post-title.tsx'],
  profile: ['src/app/routes/profile.tsx', 'src/app/layout/headers/profile-header-bar.tsx'],
  search: ['src/app/routes/search.tsx'],
};

/** Module id → the chunk it goes to. */
type ChunkPlan = Record<string, string>;

const PLAN_FILE = path.resolve(import.meta.dirname, '../node_modules/.cache/chunk-plan.json');
export const PLAN_MODE = 'chunk-plan';

/** The chunks each chunk imports statically, transitively, itself included. */
function staticClosure(bundle: Rollup.OutputBundle, fileNames: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...fileNames];
  while (stack.length > 0) {
    const fileName = stack.pop() as string;
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') continue;
    seen.add(fileName);
    stack.push(...chunk.imports);
  }
  return seen;
}

/** The plan from the plan build's chunks: the landing pages' ones merged, the others kept. */
export function planOf(bundle: Rollup.OutputBundle, root: string): ChunkPlan {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const inEntry = staticClosure(
    bundle,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
  const pagesOf = new Map<string, string[]>();
  for (const [page, sources] of Object.entries(LANDING_PAGES)) {
    const ids = new Set(sources.map((source) => path.join(root, source)));
    const roots = chunks.filter((chunk) => chunk.moduleIds.some((id) => ids.has(id))).map((chunk) => chunk.fileName);
    for (const fileName of staticClosure(bundle, roots))
      if (!inEntry.has(fileName)) pagesOf.set(fileName, [...(pagesOf.get(fileName) ?? []), page]);
  }
  const plan: ChunkPlan = {};
  const taken = new Set<string>();
  for (const chunk of chunks) {
    const pages = pagesOf.get(chunk.fileName);
    let name = pages ? (pages.length > 1 ? 'landing' : `page-${pages[0]}`) : chunk.name;
    // Chunks of one name (index.ts files, say) would become one: a kept chunk's name is its own.
    if (!pages) {
      for (let n = 2; taken.has(name); n++) name = `${chunk.name}${n}`;
      taken.add(name);
    }
    for (const id of chunk.moduleIds) plan[id] = name;
  }
  return plan;
}

/**
 * The plugin that writes the plan in the plan build, and `manualChunks` that follows it in the
 * real one. Without a plan (a build run by hand with `vite build`) Rollup's own split stands.
 */
export function landingChunks(mode: string): { plugin: Plugin; manualChunks?: (id: string) => string | undefined } {
  const root = path.resolve(import.meta.dirname, '..');
  const plugin: Plugin = {
    name: 'campus:landing-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      if (mode !== PLAN_MODE) return;
      mkdirSync(path.dirname(PLAN_FILE), { recursive: true });
      writeFileSync(PLAN_FILE, JSON.stringify(planOf(bundle, root)));
    },
    // A chunk holding several lazily imported modules has no source module of its own, so Vite's
    // manifest lists it by file name only. The server's document asks for a page's code by its
    // source module (entry-server.tsx): each lazily imported module is added under its own name.
    writeBundle(options, bundle) {
      if (mode === PLAN_MODE || !options.dir) return;
      const file = path.join(options.dir, '.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string }>;
      const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const source = path.relative(root, id);
          const key = keyOfFile.get(chunk.fileName);
          const lazy = (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
          if (lazy && key && !manifest[source]) manifest[source] = manifest[key] as { file: string };
        }
      }
      writeFileSync(file, JSON.stringify(manifest, null, 2));
    },
  };
  if (mode === PLAN_MODE) return { plugin };
  let plan: ChunkPlan;
  try {
    plan = JSON.parse(readFileSync(PLAN_FILE, 'utf8')) as ChunkPlan;
  } catch {
    return { plugin };
  }
  return { plugin, manualChunks: (id) => plan[id] };
}

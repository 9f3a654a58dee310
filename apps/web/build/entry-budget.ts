import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The JavaScript every first visit downloads before the page works: the entry script of
 * index.html (src/main.tsx) and every chunk it imports statically. Every page of the app
 * starts from index.html, so this is the entry of every page; the pages themselves are lazy
 * routes on top of it.
 */
function entryChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = new Map<string, OutputChunk>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || chunks.has(fileName)) return;
    chunks.set(fileName, chunk);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || !output.isEntry) continue;
    visit(output.fileName);
  }
  return [...chunks.values()];
}

/** The 15 biggest modules across the entry's chunks: where to look when it is over budget. */
function largestModules(chunks: OutputChunk[]): string {
  const modules = chunks.flatMap((chunk) =>
    Object.entries(chunk.modules).map(([id, info]) => ({ id, length: info.renderedLength })),
  );
  modules.sort((a, b) => b.length - a.length);
  return modules
    .slice(0, Number(process.env.ENTRY_MODULES) || 15)
    .map((m) => `  ${(m.length / 1024).toFixed(1).padStart(6)} KB  ${m.id.replace(/^.*node_modules\//, '')}`)
    .join('\n');
}

const gzipKb = (code: string) => gzipSync(code).length / 1024;

/**
 * The symbol React 19 marks its elements with (`Symbol.for('react.transitional.element')`). Only
 * React's own runtime names it: a renderer standing in for React (decision 023, superseded by
 * 029) would not, so its absence means the app does not render with React.
 */
const REACT_ELEMENT_SYMBOL = 'react.transitional.element';

/**
 * Prints the gzip size of the entry's JavaScript after every build and fails the build when it
 * is over `budgetKb` (docs/decisions/020-hot-paths.md, docs/decisions/029-react-19.md) or when it does not carry React (decision 029).
 */
export function entryBudget({ budgetKb }: { budgetKb: number }): Plugin {
  return {
    name: 'campus:entry-budget',
    // The browser's build only: the server's render (`vite build --ssr`) is never downloaded.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = entryChunks(bundle);
      const sizes = chunks.map((c) => ({ name: c.fileName, kb: gzipKb(c.code) }));
      const total = sizes.reduce((sum, s) => sum + s.kb, 0);
      const parts = sizes.map((s) => `${s.name} ${s.kb.toFixed(1)} KB`).join(' + ');
      const line = `entry JavaScript: ${total.toFixed(1)} KB gzip (budget ${budgetKb} KB): ${parts}`;
      if (total > budgetKb || process.env.ENTRY_MODULES)
        console.log(`\nlargest modules of the entry (rendered, before gzip):\n${largestModules(chunks)}`);
      if (total > budgetKb)
        this.error(`${line}\nOver budget: keep new code out of the entry (lazy routes, modals, menus).`);
      if (!chunks.some((c) => c.code.includes(REACT_ELEMENT_SYMBOL)))
        this.error(
          `${line}\nThe entry has no '${REACT_ELEMENT_SYMBOL}': it does not render with React (decision 029).`,
        );
      console.log(`\n${line}`);
    },
  };
}

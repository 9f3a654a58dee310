import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';
import { transformWithEsbuild } from 'vite';

/**
 * Builds the service worker (src/sw.ts) into dist/sw.js beside the app (decision 041): one
 * self-contained classic script, served from the site's root so its scope is the whole site.
 * The app shell it keeps for offline use is the build's own files: the entry script and the
 * chunks it imports, the stylesheet, and the offline page; their fingerprinted names are
 * written into the worker as `__SHELL_FILES__`, and `__SHELL_VERSION__` (their names together)
 * changes with every release, so a new build installs a new worker and drops the old shell.
 *
 * sw.ts imports nothing (types only): no chunk of the app is shared with it, and Vite's
 * esbuild turns it into plain JavaScript.
 */
export function serviceWorker({ source }: { source: string }): Plugin {
  return {
    name: 'campus:service-worker',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const shell = shellFiles(bundle);
      const version = shell.join('|');
      let hash = 0;
      for (let i = 0; i < version.length; i += 1) hash = (Math.imul(hash, 31) + version.charCodeAt(i)) | 0;
      const code = readFileSync(source, 'utf8');
      const result = await transformWithEsbuild(code, source, {
        loader: 'ts',
        format: 'iife',
        target: 'es2020',
        minify: true,
        define: {
          __SHELL_FILES__: JSON.stringify(shell),
          __SHELL_VERSION__: JSON.stringify((hash >>> 0).toString(36)),
        },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: result.code });
      console.log(`service worker: sw.js ${(result.code.length / 1024).toFixed(1)} KB, shell of ${shell.length} files`);
    },
  };
}

/** '/offline.html', its script and style, the entry's chunks and the stylesheet, as paths. */
function shellFiles(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>(['/offline.html', '/offline.js', '/offline.css']);
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(`/${fileName}`)) return;
    files.add(`/${fileName}`);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
    if (output.type === 'asset' && output.fileName.endsWith('.css')) files.add(`/${output.fileName}`);
  }
  return [...files].sort();
}

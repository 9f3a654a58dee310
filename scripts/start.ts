import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { decideWebBuild } from './web-build.ts';

/**
 * `npm start`: builds the web app only when its sources changed since the last build (a
 * build takes seconds), then runs the server in this process.
 */
const root = path.resolve(import.meta.dirname, '..');
const decision = await decideWebBuild(root);
if (decision.build) {
  console.log(`web app: building, ${decision.reason}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  console.log(`web app: not rebuilding, ${decision.reason} (npm run build forces one)`);
}
// In this process, so that Ctrl-C and SIGTERM reach the server directly.
await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);

import { register } from 'node:module';

// Before any test file imports a package that imports React: see preact-node-hooks.mjs.
register('./preact-node-hooks.mjs', import.meta.url);

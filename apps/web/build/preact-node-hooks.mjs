// Node module hooks for the web unit tests (registered by preact-test-setup.ts): vitest leaves
// most of node_modules to Node, which knows nothing of Vite's aliases. Packages that import
// React (react-router, TanStack Query, Radix, Lexical, …) get preact/compat here, so the tests,
// like the build, have one renderer (decision 023).
const map = new Map([
  ['react', 'preact/compat'],
  ['react/jsx-runtime', 'preact/jsx-runtime'],
  ['react/jsx-dev-runtime', 'preact/jsx-runtime'],
  ['react-dom', 'preact/compat'],
  ['react-dom/client', 'preact/compat/client'],
  ['react-dom/test-utils', 'preact/test-utils'],
]);

export async function resolve(specifier, context, next) {
  return next(map.get(specifier) ?? specifier, context);
}

/**
 * Preloaded into a bench server by `npm run bench:hot-paths -- --promises` (`node --require`):
 * counts the async resources the process creates, by type, and answers the bench's 'count'
 * message with the totals so far. In Node 20 every promise also carries each AsyncLocalStorage's
 * context, so the number per request is a cost of its own (docs/perf/README.md 'Promises per request').
 */
const { isMainThread } = require('node:worker_threads');

if (isMainThread && typeof process.send === 'function') {
  const counts = Object.create(null);
  require('node:async_hooks')
    .createHook({
      init(_id, type) {
        counts[type] = (counts[type] ?? 0) + 1;
      },
    })
    .enable();
  process.on('message', (message) => {
    if (message === 'count') process.send({ counts: { ...counts } });
  });
  // The IPC channel must not keep a server that was told to stop alive.
  process.channel?.unref();
}

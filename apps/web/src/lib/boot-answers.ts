/**
 * Answers the server wrote into the document for the page's first reads (`#boot-answers`,
 * apps/server/src/plugins/first-screen.ts): the same bodies the API would send, keyed by the
 * exact address. Each is taken once, by the first GET of its address; every later read of it
 * goes to the network. Without the block (the Vite dev server, a static host) nothing is taken.
 */
let answers: Map<string, unknown> | undefined;
/** True while the server renders a first screen: it has its answers and nothing else to ask. */
let answersOnly = false;

function readAnswers(): Map<string, unknown> {
  const text = typeof document === 'undefined' ? null : document.getElementById('boot-answers')?.textContent;
  if (!text) return new Map();
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? new Map(Object.entries(parsed)) : new Map();
  } catch {
    return new Map();
  }
}

/** The server's answer for `url` (path and query), once; undefined when there is none (left). */
export function takeBootAnswer(url: string): unknown {
  answers ??= readAnswers();
  const body = answers.get(url);
  answers.delete(url);
  return body;
}

/**
 * The server's render of a first screen (entry-server.tsx) has no document: it hands over the
 * answers it read for that request, and takes them back (undefined) when the render is done.
 */
export function provideBootAnswers(record: Record<string, unknown> | undefined): void {
  answers = record ? new Map(Object.entries(record)) : new Map();
  answersOnly = record !== undefined;
}

/** False during the server's render: a read the answers lack fails instead of being requested. */
export function mayRequest(): boolean {
  return !answersOnly;
}

/** Tests: read the document again. */
export function resetBootAnswers(): void {
  answers = undefined;
}

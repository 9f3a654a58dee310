import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { planOf } from './landing-chunks.ts';

const ROOT = '/app';
const chunk = (fileName: string, name: string, moduleIds: string[], imports: string[] = [], isEntry = false) =>
  ({
    type: 'chunk',
    fileName,
    name,
    moduleIds: moduleIds.map((m) => `${ROOT}/${m}`),
    imports,
    isEntry,
  }) as Rollup.OutputChunk;

/** A plan build's chunks: the entry, two landing pages and a page that is not one. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index-a.js', 'index', ['index.html', 'src/main.tsx'], ['assets/react-b.js'], true),
    chunk('assets/react-b.js', 'react', ['node_modules/react/index.js']),
    chunk('assets/home-c.js', 'home', ['src/app/routes/home.tsx'], ['assets/index-a.js', 'assets/card-d.js']),
    chunk('assets/home-feed-e.js', 'home-feed', ['src/features/posts/components/home-feed.tsx'], ['assets/card-d.js']),
    chunk('assets/card-d.js', 'card', ['src/components/post-card/post-card.tsx']),
    chunk('assets/post-f.js', 'post', ['src/app/routes/post.tsx'], ['assets/card-d.js', 'assets/comments-g.js']),
    chunk('assets/comments-g.js', 'index', ['src/features/comments/index.ts']),
    chunk('assets/messages-h.js', 'messages', ['src/app/routes/messages.tsx'], ['assets/card-d.js']),
    chunk('assets/settings-i.js', 'index', ['src/app/routes/settings/index.tsx']),
  ].map((c) => [c.fileName, c]),
);

describe("the plan of the landing pages' chunks", () => {
  const plan = planOf(bundle, ROOT);
  const at = (source: string) => plan[`${ROOT}/${source}`];

  it('puts what two landing pages share in one chunk and the rest of each page in its own', () => {
    expect(at('src/components/post-card/post-card.tsx')).toBe('landing');
    expect(at('src/app/routes/home.tsx')).toBe('page-home');
    expect(at('src/features/posts/components/home-feed.tsx')).toBe('page-home');
    expect(at('src/app/routes/post.tsx')).toBe('page-post');
    expect(at('src/features/comments/index.ts')).toBe('page-post');
  });

  it("keeps the entry's chunks and every other chunk as they were, each under a name of its own", () => {
    expect(at('src/main.tsx')).toBe('index');
    expect(at('node_modules/react/index.js')).toBe('react');
    expect(at('src/app/routes/messages.tsx')).toBe('messages');
    // A second chunk called 'index' must not join the entry's.
    expect(at('src/app/routes/settings/index.tsx')).toBe('index2');
  });
});

import { useEffect, useSyncExternalStore } from 'react';

/**
 * A library the shell draws only on demand (Radix's dialog and menu), kept out of the entry
 * JavaScript (decision 022): fetched on first intent or when asked to show, then used
 * synchronously by every component that asks for it.
 */
export interface LazyModule<T> {
  /** Starts the download once; a failed download is tried again on the next call. */
  load: () => Promise<T>;
  /** The module once loaded; the component renders again when it arrives. */
  useModule: () => T | undefined;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const load = () => {
    pending ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => loaded;
  return { load, useModule: () => useSyncExternalStore(subscribe, snapshot, snapshot) };
}

/** What shows a person is here and about to act: a pointer over the page, a touch, a key. */
const INTENTS = ['pointerover', 'touchstart', 'keydown'] as const;

/**
 * Loads `modules` on the first sign of a person using the page (a pointer moving over it, a
 * touch, a key), not when the browser is idle after the first page: evaluating them then (the
 * dialog's and menu's 34 KB on /home) ran inside the page's first seconds, which a phone spends
 * hydrating (Lighthouse's blocking time, docs/perf/README.md), for a dialog nobody may open.
 * A dialog or menu asked to open first loads them itself.
 */
export function useLoadOnIntent(...modules: LazyModule<unknown>[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the modules are module-level constants
  useEffect(() => {
    const stop = () => {
      for (const type of INTENTS) document.removeEventListener(type, onIntent, true);
    };
    function onIntent() {
      stop();
      for (const module of modules) module.load().catch(() => {});
    }
    for (const type of INTENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return stop;
  }, []);
}

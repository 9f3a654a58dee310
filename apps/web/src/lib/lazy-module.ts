import { useEffect, useSyncExternalStore } from 'react';
import { afterFirstPage } from './first-page.ts';

/**
 * A library the shell draws only on demand (Radix's dialog and menu), kept out of the entry
 * JavaScript (decision 022): fetched on first intent or when the browser is idle, then used
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

/** Loads `modules` once the first page has drawn its main content and the browser is idle. */
export function useLoadWhenIdle(...modules: LazyModule<unknown>[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the modules are module-level constants
  useEffect(
    () =>
      afterFirstPage(() => {
        for (const module of modules) module.load().catch(() => {});
      }),
    [],
  );
}

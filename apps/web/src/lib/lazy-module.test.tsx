import { cleanup, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule, useLoadOnIntent } from './lazy-module.ts';

afterEach(cleanup);

describe('useLoadOnIntent', () => {
  it('loads nothing until a person acts on the page, then each module once', async () => {
    const importer = vi.fn(async () => ({ name: 'dialog' }));
    const module = lazyModule(importer);
    renderHook(() => useLoadOnIntent(module));
    expect(importer).not.toHaveBeenCalled();

    fireEvent.pointerOver(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(renderHook(() => module.useModule()).result.current).toEqual({ name: 'dialog' }));
  });

  it('loads on a touch or a key as well', () => {
    const touched = vi.fn(async () => ({}));
    const { unmount } = renderHook(() => useLoadOnIntent(lazyModule(touched)));
    fireEvent.touchStart(document.body);
    expect(touched).toHaveBeenCalledTimes(1);
    unmount();

    const keyed = vi.fn(async () => ({}));
    renderHook(() => useLoadOnIntent(lazyModule(keyed)));
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(keyed).toHaveBeenCalledTimes(1);
  });

  it('loads nothing once the page that asked has gone', () => {
    const importer = vi.fn(async () => ({}));
    const { unmount } = renderHook(() => useLoadOnIntent(lazyModule(importer)));
    unmount();
    fireEvent.pointerOver(document.body);
    expect(importer).not.toHaveBeenCalled();
  });
});

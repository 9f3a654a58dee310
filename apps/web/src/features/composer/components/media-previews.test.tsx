import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftFile } from '../lib/draft-store.ts';
import { MediaPreviews, PREVIEW_TEXTS } from './media-previews.tsx';

/** jsdom decodes nothing: each test says which files the "browser" can draw. */
let drawable: (file: Blob) => boolean;
beforeEach(() => {
  vi.stubGlobal('createImageBitmap', async (file: Blob) => {
    if (!drawable(file)) throw new DOMException('cannot decode', 'InvalidStateError');
    return { close: () => {} };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draftFile = (name: string, type: string, kind: DraftFile['kind'] = 'image'): DraftFile => ({
  id: name,
  file: new File(['x'], name, { type }),
  url: `blob:test/${name}`,
  kind,
});

describe('MediaPreviews', () => {
  it('shows a picture once the browser has drawn it', async () => {
    drawable = () => true;
    render(<MediaPreviews files={[draftFile('lamp.jpg', 'image/jpeg')]} onRemove={() => {}} />);
    await vi.waitFor(() => expect(screen.getByRole('img', { name: 'Photo 1 of 1' }).tagName).toBe('IMG'));
  });

  it('turns a HEIC photo the browser cannot draw into a tile with its name, never an image', async () => {
    drawable = (file) => !(file as File).name.endsWith('.HEIC');
    render(
      <MediaPreviews
        files={[draftFile('IMG_0042.HEIC', 'image/heic'), draftFile('lamp.png', 'image/png')]}
        onRemove={() => {}}
      />,
    );
    const tile = await screen.findByRole('img', { name: 'Photo 1 of 2: IMG_0042.HEIC' });
    expect(tile.tagName).toBe('DIV');
    expect(tile.textContent).toContain('IMG_0042.HEIC');
    expect(tile.textContent).toContain(PREVIEW_TEXTS.heic);
    await vi.waitFor(() => expect(document.querySelectorAll('img')).toHaveLength(1));
    expect(document.querySelector('img')?.getAttribute('src')).toBe('blob:test/lamp.png');
  });

  it('turns a video it cannot play into a tile too', () => {
    drawable = () => true;
    render(<MediaPreviews files={[draftFile('clip.avi', 'video/x-msvideo', 'video')]} onRemove={() => {}} />);
    fireEvent.error(screen.getByLabelText('Video 1 of 1'));
    expect(screen.getByRole('img', { name: 'Video 1 of 1: clip.avi' }).textContent).toContain(PREVIEW_TEXTS.noPreview);
  });
});

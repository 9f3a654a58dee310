import { codePointLength, LIMITS, SETTINGS_MESSAGES, UPLOAD_MESSAGES } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { clipBio, isAllowedPhotoName, profileFailureMessage } from './profile-rules.ts';

describe('isAllowedPhotoName', () => {
  it('accepts png, gif, jpeg and jpg in any case', () => {
    for (const name of ['me.png', 'ME.PNG', 'a.gif', 'b.jpeg', 'c.JPG', 'with.dots.jpg']) {
      expect(isAllowedPhotoName(name), name).toBe(true);
    }
  });

  it('refuses every other extension, and names without one', () => {
    for (const name of ['notes.txt', 'logo.svg', 'modern.webp', 'photo.heic', 'png', 'archive.png.zip', '']) {
      expect(isAllowedPhotoName(name), name).toBe(false);
    }
  });
});

describe('clipBio', () => {
  it('keeps a bio within 160 characters as it is', () => {
    const bio = 'a'.repeat(LIMITS.bioMax);
    expect(clipBio(bio)).toBe(bio);
  });

  it('cuts at 160 code points without splitting an emoji', () => {
    const clipped = clipBio(`${'a'.repeat(LIMITS.bioMax - 1)}😀😀`);
    expect(codePointLength(clipped)).toBe(LIMITS.bioMax);
    expect(clipped.endsWith('😀')).toBe(true);
  });
});

describe('profileFailureMessage', () => {
  it("passes on the server's 'Only photos are allowed!' and says 'Something went wrong' otherwise", () => {
    expect(profileFailureMessage(new ApiError(400, 'ONLY_PHOTOS', 'Only photos are allowed!'))).toBe(
      'Only photos are allowed!',
    );
    expect(profileFailureMessage(new ApiError(500, 'INTERNAL', 'Internal server error.'))).toBe(
      SETTINGS_MESSAGES.somethingWentWrong,
    );
    expect(profileFailureMessage(new TypeError('x'))).toBe(SETTINGS_MESSAGES.somethingWentWrong);
  });

  it('passes on the size limit of a picture that is too large (docs/security.md#profile-pictures-and-uploads)', () => {
    expect(profileFailureMessage(new ApiError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.avatarTooLarge))).toBe(
      'This picture is too large. Profile pictures can be up to 15 MB.',
    );
  });
});

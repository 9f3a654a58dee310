import type { SearchPerson, SearchSuggestion } from '@campus/contract';
import type { StorageDriver } from '../../plugins/storage.ts';
import { avatarSmallKey, isOwnAvatarKey } from '../media/index.ts';
import type { PersonRow } from './search.repo.ts';

/** A People hit (docs/product/search.md#what-is-searched): names, username, small picture, campus. Never email or phone. */
export function presentPerson(row: PersonRow, storage: Pick<StorageDriver, 'url'>): SearchPerson {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    img: row.img && isOwnAvatarKey(row.id, row.img) ? storage.url(avatarSmallKey(row.img)) : null,
    verified: row.verified,
    campusId: row.campusId ?? '',
  };
}

/** Suggestion text: the post's first non-empty line, cut to 80 characters. */
export function presentSuggestion(row: { id: string; plainText: string; imgCount: number }): SearchSuggestion {
  const line = row.plainText.split('\n').find((l) => l.trim() !== '') ?? '';
  const chars = [...line.trim()];
  return {
    postId: row.id,
    text: chars.length > 80 ? `${chars.slice(0, 79).join('')}…` : chars.join(''),
    hasMedia: row.imgCount > 0,
  };
}

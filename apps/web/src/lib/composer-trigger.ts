/**
 * Marks a button that opens the composer (Create Post, Comment, Reply, 'Create A Comment'):
 * pointing at it, touching it or focusing it starts the composer's download
 * (features/composer/components/composer-host.tsx), so it is in by the click. Spread onto the
 * element: `<button {...opensComposer}>`. In lib because the post card's buttons are outside the
 * composer feature.
 */
export const opensComposer = { 'data-opens-composer': '' } as const;

export const OPENS_COMPOSER_SELECTOR = '[data-opens-composer]';

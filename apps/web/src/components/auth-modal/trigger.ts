/** What a visitor tried to do when the login/join modal opened (docs/product/community.md#modals). */
export type AuthModalTrigger = 'search' | 'post' | 'like' | 'comment' | 'message' | 'join campus';

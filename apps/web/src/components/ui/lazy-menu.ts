import { lazyModule } from '@/lib/lazy-module.ts';

/**
 * Radix's menu (with its popper and floating-ui) is not part of the entry JavaScript (decision
 * 022), nor of a feed's first page: menus drawn before it arrives show a plain trigger that
 * loads it on first intent and opens once it is in. The app shell also loads it on the first
 * sign of a person using the page (app/routes/root.tsx).
 */
export const radixDropdownMenu = lazyModule(() => import('@radix-ui/react-dropdown-menu'));

import { MODERATION_PAGE_TITLE, SCHOOL_FINDER_TEXTS } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, redirect } from 'react-router';
import { paths, STATIC_PAGE_SLUGS } from '@/config/paths.ts';
import { AppShell } from './layout/app-shell.tsx';
import type { RouteHandle } from './layout/route-handle.ts';
import { ShellSkeleton } from './layout/shell-states.tsx';
import { type QueryClientOf, type RouteModule, routeModule, shellLoader } from './loaders.ts';
import { NotFound } from './routes/not-found.tsx';
import {
  gateLoader,
  RequireUnverifiedViewer,
  RequireViewer,
  RequireVisitor,
  unverifiedRedirect,
  viewerRedirect,
  visitorRedirect,
} from './routes/require-viewer.tsx';
import { Root } from './routes/root.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * The pages' modules under routes/, each its own chunk, by file name; the ones the first load
 * carries (the root, its error and not-found pages, the gates) and shared pieces are left out.
 */
const pageModules = import.meta.glob<RouteModule & Record<string, unknown>>([
  './routes/**/*.tsx',
  '!./routes/**/*.test.tsx',
  '!./routes/root.tsx',
  '!./routes/route-error.tsx',
  '!./routes/not-found.tsx',
  '!./routes/require-viewer.tsx',
  '!./routes/community-gate.tsx',
]);

/** Source modules a page's first render also loads (lazy modules its loader waits for). */
const ALSO_LOADED: Record<string, string[]> = {
  'home.tsx': ['src/features/posts/components/home-feed.tsx'],
  'post.tsx': ['src/app/layout/headers/post-title.tsx'],
  'profile.tsx': ['src/app/layout/headers/profile-header-bar.tsx'],
};

/**
 * A route whose page is the module `file` under routes/ (its default `Component` and
 * `clientLoader`, or the named component `component`). The handle names the page's source
 * modules, so the server's document asks for their code along with its own (entry-server.tsx)
 * instead of after it.
 */
const pageRoute =
  (client: QueryClientOf) =>
  (file: string, routeHandle: RouteHandle = {}, component?: string): Pick<RouteObject, 'lazy' | 'handle'> => {
    const bind = routeModule(client);
    const load = pageModules[`./routes/${file}`];
    if (!load) throw new Error(`no page module routes/${file}`);
    return {
      lazy: async () => {
        const module = await load();
        return component ? { Component: module[component] as RouteModule['Component'] } : bind(module);
      },
      handle: { ...routeHandle, modules: [`src/app/routes/${file}`, ...(ALSO_LOADED[file] ?? [])] },
    };
  };

/** Settings > Account's forms (docs/product/profiles.md#account-rows), one route each, one module. */
const accountForms = (page: ReturnType<typeof pageRoute>): RouteObject[] => [
  { path: paths.settings.screenName.path, ...page('settings/account-form.tsx', {}, 'UsernameForm') },
  { path: paths.settings.password.path, ...page('settings/account-form.tsx', {}, 'PasswordForm') },
  { path: paths.settings.email.path, ...page('settings/account-form.tsx', {}, 'EmailForm') },
  { path: paths.settings.verifyEmail.path, ...page('settings/verify-email.tsx') },
  { path: paths.settings.phone.path, ...page('settings/account-form.tsx', {}, 'PhoneForm') },
  { path: paths.settings.gender.path, ...page('settings/account-form.tsx', {}, 'GenderForm') },
  { path: paths.settings.birthDate.path, ...page('settings/account-form.tsx', {}, 'BirthDateForm') },
];

/**
 * The route table of the spec (docs/product/community.md#route-table, docs/product/profiles.md#profile-route,
 * docs/product/boosting.md#boost-routes), its loaders filling `queryClient` (app/loaders.ts): the
 * browser's one client, or a getter of the client of the request being loaded, with which the
 * server's render makes the table once for all requests (entry-server.tsx). Every page is lazy
 * so the first load only carries the shell. The gates' loaders send people away before a page
 * loads (docs/product/community.md#posting).
 */
export function createRoutes(queryClient: QueryClient | QueryClientOf): RouteObject[] {
  const client = typeof queryClient === 'function' ? queryClient : () => queryClient;
  const page = pageRoute(client);
  const gate = (need: Parameters<typeof viewerRedirect>[0]) => gateLoader(client, viewerRedirect(need));
  return [
    {
      path: paths.root.path,
      Component: Root,
      loader: shellLoader(client),
      ErrorBoundary: RouteError,
      HydrateFallback: ShellSkeleton,
      children: [
        { index: true, loader: () => redirect(paths.home.getHref()) },
        { path: paths.error404.path, ...page('error-404.tsx') },
        {
          // Sign-in screens: a calm frame of their own, outside the three-column shell.
          ...page('auth/layout.tsx'),
          children: [
            {
              element: <RequireVisitor />,
              loader: gateLoader(client, visitorRedirect),
              children: [
                {
                  path: paths.userRegistration.path,
                  ...page('auth/user-registration.tsx'),
                },
                { path: paths.login.path, ...page('auth/login.tsx') },
                { path: paths.register.path, ...page('auth/register.tsx') },
              ],
            },
            {
              element: <RequireUnverifiedViewer />,
              loader: gateLoader(client, unverifiedRedirect),
              children: [{ path: paths.verify.path, ...page('auth/verify.tsx') }],
            },
            { path: paths.loginSent.path, ...page('auth/login-sent.tsx') },
            // What a suspended or banned member sees instead of the campus (docs/product/moderation.md#suspension).
            { path: paths.suspended.path, ...page('suspended.tsx') },
            { path: paths.forgotPassword.path, ...page('auth/forgot-password.tsx') },
            { path: paths.resetPassword.path, ...page('auth/reset-password.tsx') },
            {
              element: <RequireViewer need="user" />,
              loader: gate('user'),
              children: [{ path: paths.logout.path, ...page('auth/logout.tsx') }],
            },
          ],
        },
        {
          // A dialog over the shell on desktop, a page of its own on phones: it draws both itself.
          element: <RequireViewer need="verified" />,
          loader: gate('verified'),
          children: [
            {
              path: paths.profileSetUp.path,
              ...page('profile-set-up.tsx', { header: null }),
            },
          ],
        },
        {
          // Compose pages of narrow screens (docs/product/community.md#narrow-screen-pages); on wide screens they hand over to the
          // composer dialog on the goBack page. Full pages of their own, outside the shell.
          element: <RequireViewer need="school" />,
          loader: gate('school'),
          children: [
            { path: paths.createPost.path, ...page('create/post.tsx') },
            { path: paths.createComment.path, ...page('create/comment.tsx') },
            { path: paths.createMessage.path, ...page('create/message.tsx') },
            { path: paths.createCategories.path, ...page('create/categories.tsx') },
            // Editing one's listing as a page (docs/product/selling.md#editing-a-listing).
            { path: paths.postEdit.path, ...page('post-edit.tsx') },
          ],
        },
        {
          // The local test checkout (docs/product/boosting.md#checkout; decision 018): a payment page of its own.
          element: <RequireViewer need="user" />,
          loader: gate('user'),
          children: [{ path: paths.testCheckout.path, ...page('test-checkout.tsx') }],
        },
        {
          Component: AppShell,
          children: [
            {
              path: paths.home.path,
              ...page('home.tsx', { header: { variant: 'home' } }),
            },
            {
              path: paths.media.path,
              ...page('media.tsx', { header: { variant: 'home' } }),
            },
            {
              path: paths.post.path,
              ...page('post.tsx', { header: { variant: 'post' } }),
            },
            {
              // The page draws the 'liked by' header itself: its back button leads to the post.
              path: paths.postLikedBy.path,
              ...page('post-liked-by.tsx', { header: null }),
            },
            {
              // Visitors and other members see the spec's 'Something Went Wrong…' on the page itself.
              path: paths.postBoost.path,
              ...page('boost.tsx', { header: null }),
            },
            {
              path: paths.postBoostSuccess.path,
              ...page('boost-return.tsx', { header: null }, 'SuccessRoute'),
            },
            {
              path: paths.postBoostCancel.path,
              ...page('boost-return.tsx', { header: null }, 'CancelRoute'),
            },
            {
              element: <RequireViewer need="school" />,
              loader: gate('school'),
              children: [
                {
                  path: paths.saved.path,
                  ...page('saved.tsx', { header: { variant: 'saved' } }),
                },
                {
                  path: paths.messages.path,
                  ...page('messages.tsx', { header: null, layout: 'wide' }),
                },
                {
                  path: paths.newMessage.path,
                  ...page('messages-new.tsx', { header: null, layout: 'wide' }),
                },
                {
                  path: paths.chat.path,
                  ...page('messages-chat.tsx', { header: null, layout: 'wide' }),
                },
                {
                  path: paths.notifications.path,
                  ...page('notifications.tsx', { header: { variant: 'title', title: 'Notifications' } }),
                },
                {
                  path: paths.notificationMentions.path,
                  ...page('notifications-mentions.tsx', { header: { variant: 'title', title: 'Notifications' } }),
                },
                {
                  path: paths.ads.path,
                  ...page('ads.tsx', { header: null, layout: 'wide' }),
                },
                {
                  path: paths.ad.path,
                  ...page('ads.tsx', { header: null, layout: 'wide' }),
                },
              ],
            },
            {
              path: paths.search.path,
              ...page('search.tsx', { header: { variant: 'home' } }),
            },
            {
              // The campus's moderators only (docs/product/moderation.md#the-queue): the page itself shows
              // everyone else the not-found page, as the API answers them.
              path: paths.moderation.path,
              ...page('moderation.tsx', {
                header: { variant: 'title', title: MODERATION_PAGE_TITLE },
                layout: 'wide',
              }),
            },
            {
              path: paths.searchSchools.path,
              ...page('search-schools.tsx', { header: { variant: 'title', title: SCHOOL_FINDER_TEXTS.title } }),
            },
            {
              // An email's unsubscribe link: signed in or not (decision 040).
              path: paths.unsubscribe.path,
              ...page('unsubscribe.tsx', { header: null }),
            },
            {
              path: paths.settings.root.path,
              ...page('settings/layout.tsx', { header: null, layout: 'wide' }),
              children: [
                { index: true, ...page('settings/index.tsx') },
                ...STATIC_PAGE_SLUGS.map(
                  (slug): RouteObject => ({
                    path: slug,
                    ...page('settings/static-page.tsx', { staticPage: slug }),
                  }),
                ),
                {
                  element: <RequireViewer need="verified" />,
                  loader: gate('verified'),
                  children: [
                    {
                      path: paths.settings.account.path,
                      ...page('settings/account.tsx'),
                    },
                    {
                      path: paths.settings.payments.path,
                      ...page('settings/payments.tsx'),
                    },
                    {
                      path: paths.settings.notifications.path,
                      ...page('settings/notifications.tsx'),
                    },
                    {
                      path: paths.settings.savedSearches.path,
                      ...page('settings/saved-searches.tsx'),
                    },
                    ...accountForms(page),
                    {
                      path: paths.settings.schoolEmail.path,
                      ...page('settings/school-email.tsx'),
                    },
                    {
                      path: paths.settings.verifySchoolEmail.path,
                      ...page('settings/verify-school-email.tsx'),
                    },
                  ],
                },
              ],
            },
            {
              path: paths.profileEdit.path,
              ...page('profile-edit.tsx', { header: null }),
            },
            {
              // Static paths rank above this one, so a username never hides an app route.
              path: paths.profile.path,
              ...page('profile.tsx', { header: { variant: 'profile' } }),
            },
            // Also drawn by RouteError for a 404 thrown anywhere, so it is part of the first load.
            { path: '*', Component: NotFound, handle: { header: { variant: 'home' } } satisfies RouteHandle },
          ],
        },
      ],
    },
  ];
}

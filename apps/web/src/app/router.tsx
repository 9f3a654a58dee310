import { SCHOOL_FINDER_TEXTS } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, redirect } from 'react-router';
import { paths, STATIC_PAGE_SLUGS } from '@/config/paths.ts';
import { AppShell } from './layout/app-shell.tsx';
import type { RouteHandle } from './layout/route-handle.ts';
import { ShellSkeleton } from './layout/shell-states.tsx';
import { routeModule, shellLoader } from './loaders.ts';
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

const handle = (value: RouteHandle) => value;

const accountForm = () => import('./routes/settings/account-form.tsx');
/** Settings > Account's forms (docs/product/profiles.md#account-rows), one route each. */
const accountForms = (page: ReturnType<typeof routeModule>): RouteObject[] => [
  { path: paths.settings.screenName.path, lazy: async () => ({ Component: (await accountForm()).UsernameForm }) },
  { path: paths.settings.password.path, lazy: async () => ({ Component: (await accountForm()).PasswordForm }) },
  { path: paths.settings.email.path, lazy: async () => ({ Component: (await accountForm()).EmailForm }) },
  { path: paths.settings.verifyEmail.path, lazy: () => import('./routes/settings/verify-email.tsx').then(page) },
  { path: paths.settings.phone.path, lazy: async () => ({ Component: (await accountForm()).PhoneForm }) },
  { path: paths.settings.gender.path, lazy: async () => ({ Component: (await accountForm()).GenderForm }) },
  { path: paths.settings.birthDate.path, lazy: async () => ({ Component: (await accountForm()).BirthDateForm }) },
];

/**
 * The route table of the spec (docs/product/community.md#route-table, docs/product/profiles.md#profile-route, docs/product/boosting.md#boost-routes), with its loaders bound to
 * `queryClient` (app/loaders.ts): the browser makes it once, the server's render once per
 * request (entry-server.tsx). Each feature adds its routes here when it is built; until then
 * its paths fall through to the not-found page. Every page is lazy so the first load only
 * carries the shell. The gates' loaders send people away before a page loads (docs/product/community.md#posting).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const page = routeModule(queryClient);
  const gate = (need: Parameters<typeof viewerRedirect>[0]) => gateLoader(queryClient, viewerRedirect(need));
  return [
    {
      path: paths.root.path,
      Component: Root,
      loader: shellLoader(queryClient),
      ErrorBoundary: RouteError,
      HydrateFallback: ShellSkeleton,
      children: [
        { index: true, loader: () => redirect(paths.home.getHref()) },
        { path: paths.error404.path, lazy: () => import('./routes/error-404.tsx').then(page) },
        {
          // Sign-in screens: a calm frame of their own, outside the three-column shell.
          lazy: () => import('./routes/auth/layout.tsx').then(page),
          children: [
            {
              element: <RequireVisitor />,
              loader: gateLoader(queryClient, visitorRedirect),
              children: [
                {
                  path: paths.userRegistration.path,
                  lazy: () => import('./routes/auth/user-registration.tsx').then(page),
                },
                { path: paths.login.path, lazy: () => import('./routes/auth/login.tsx').then(page) },
                { path: paths.register.path, lazy: () => import('./routes/auth/register.tsx').then(page) },
              ],
            },
            {
              element: <RequireUnverifiedViewer />,
              loader: gateLoader(queryClient, unverifiedRedirect),
              children: [{ path: paths.verify.path, lazy: () => import('./routes/auth/verify.tsx').then(page) }],
            },
            { path: paths.loginSent.path, lazy: () => import('./routes/auth/login-sent.tsx').then(page) },
            { path: paths.forgotPassword.path, lazy: () => import('./routes/auth/forgot-password.tsx').then(page) },
            { path: paths.resetPassword.path, lazy: () => import('./routes/auth/reset-password.tsx').then(page) },
            {
              element: <RequireViewer need="user" />,
              loader: gate('user'),
              children: [{ path: paths.logout.path, lazy: () => import('./routes/auth/logout.tsx').then(page) }],
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
              lazy: () => import('./routes/profile-set-up.tsx').then(page),
              handle: handle({ header: null }),
            },
          ],
        },
        {
          // Compose pages of narrow screens (docs/product/community.md#narrow-screen-pages); on wide screens they hand over to the
          // composer dialog on the goBack page. Full pages of their own, outside the shell.
          element: <RequireViewer need="school" />,
          loader: gate('school'),
          children: [
            { path: paths.createPost.path, lazy: () => import('./routes/create/post.tsx').then(page) },
            { path: paths.createComment.path, lazy: () => import('./routes/create/comment.tsx').then(page) },
            { path: paths.createMessage.path, lazy: () => import('./routes/create/message.tsx').then(page) },
            { path: paths.createCategories.path, lazy: () => import('./routes/create/categories.tsx').then(page) },
            // Editing one's listing as a page (docs/product/selling.md#editing-a-listing).
            { path: paths.postEdit.path, lazy: () => import('./routes/post-edit.tsx').then(page) },
          ],
        },
        {
          // The local test checkout (docs/product/boosting.md#checkout; decision 018): a payment page of its own.
          element: <RequireViewer need="user" />,
          loader: gate('user'),
          children: [{ path: paths.testCheckout.path, lazy: () => import('./routes/test-checkout.tsx').then(page) }],
        },
        {
          Component: AppShell,
          children: [
            {
              path: paths.home.path,
              lazy: () => import('./routes/home.tsx').then(page),
              handle: handle({ header: { variant: 'home' } }),
            },
            {
              path: paths.media.path,
              lazy: () => import('./routes/media.tsx').then(page),
              handle: handle({ header: { variant: 'home' } }),
            },
            {
              path: paths.post.path,
              lazy: () => import('./routes/post.tsx').then(page),
              handle: handle({ header: { variant: 'post' } }),
            },
            {
              // The page draws the 'liked by' header itself: its back button leads to the post.
              path: paths.postLikedBy.path,
              lazy: () => import('./routes/post-liked-by.tsx').then(page),
              handle: handle({ header: null }),
            },
            {
              // Visitors and other members see the spec's 'Something Went Wrong…' on the page itself.
              path: paths.postBoost.path,
              lazy: () => import('./routes/boost.tsx').then(page),
              handle: handle({ header: null }),
            },
            {
              path: paths.postBoostSuccess.path,
              lazy: async () => ({ Component: (await import('./routes/boost-return.tsx')).SuccessRoute }),
              handle: handle({ header: null }),
            },
            {
              path: paths.postBoostCancel.path,
              lazy: async () => ({ Component: (await import('./routes/boost-return.tsx')).CancelRoute }),
              handle: handle({ header: null }),
            },
            {
              element: <RequireViewer need="school" />,
              loader: gate('school'),
              children: [
                {
                  path: paths.saved.path,
                  lazy: () => import('./routes/saved.tsx').then(page),
                  handle: handle({ header: { variant: 'saved' } }),
                },
                {
                  path: paths.messages.path,
                  lazy: () => import('./routes/messages.tsx').then(page),
                  handle: handle({ header: null, layout: 'wide' }),
                },
                {
                  path: paths.newMessage.path,
                  lazy: () => import('./routes/messages-new.tsx').then(page),
                  handle: handle({ header: null, layout: 'wide' }),
                },
                {
                  path: paths.chat.path,
                  lazy: () => import('./routes/messages-chat.tsx').then(page),
                  handle: handle({ header: null, layout: 'wide' }),
                },
                {
                  path: paths.notifications.path,
                  lazy: () => import('./routes/notifications.tsx').then(page),
                  handle: handle({ header: { variant: 'title', title: 'Notifications' } }),
                },
                {
                  path: paths.notificationMentions.path,
                  lazy: () => import('./routes/notifications-mentions.tsx').then(page),
                  handle: handle({ header: { variant: 'title', title: 'Notifications' } }),
                },
                {
                  path: paths.ads.path,
                  lazy: () => import('./routes/ads.tsx').then(page),
                  handle: handle({ header: null, layout: 'wide' }),
                },
                {
                  path: paths.ad.path,
                  lazy: () => import('./routes/ads.tsx').then(page),
                  handle: handle({ header: null, layout: 'wide' }),
                },
              ],
            },
            {
              path: paths.search.path,
              lazy: () => import('./routes/search.tsx').then(page),
              handle: handle({ header: { variant: 'home' } }),
            },
            {
              path: paths.searchSchools.path,
              lazy: () => import('./routes/search-schools.tsx').then(page),
              handle: handle({ header: { variant: 'title', title: SCHOOL_FINDER_TEXTS.title } }),
            },
            {
              path: paths.settings.root.path,
              lazy: () => import('./routes/settings/layout.tsx').then(page),
              handle: handle({ header: null, layout: 'wide' }),
              children: [
                { index: true, lazy: () => import('./routes/settings/index.tsx').then(page) },
                ...STATIC_PAGE_SLUGS.map(
                  (slug): RouteObject => ({
                    path: slug,
                    lazy: () => import('./routes/settings/static-page.tsx').then(page),
                    handle: handle({ staticPage: slug }),
                  }),
                ),
                {
                  element: <RequireViewer need="verified" />,
                  loader: gate('verified'),
                  children: [
                    {
                      path: paths.settings.account.path,
                      lazy: () => import('./routes/settings/account.tsx').then(page),
                    },
                    {
                      path: paths.settings.payments.path,
                      lazy: () => import('./routes/settings/payments.tsx').then(page),
                    },
                    ...accountForms(page),
                    {
                      path: paths.settings.schoolEmail.path,
                      lazy: () => import('./routes/settings/school-email.tsx').then(page),
                    },
                    {
                      path: paths.settings.verifySchoolEmail.path,
                      lazy: () => import('./routes/settings/verify-school-email.tsx').then(page),
                    },
                  ],
                },
              ],
            },
            {
              path: paths.profileEdit.path,
              lazy: () => import('./routes/profile-edit.tsx').then(page),
              handle: handle({ header: null }),
            },
            {
              // Static paths rank above this one, so a username never hides an app route.
              path: paths.profile.path,
              lazy: () => import('./routes/profile.tsx').then(page),
              handle: handle({ header: { variant: 'profile' } }),
            },
            // Also drawn by RouteError for a 404 thrown anywhere, so it is part of the first load.
            { path: '*', Component: NotFound, handle: handle({ header: { variant: 'home' } }) },
          ],
        },
      ],
    },
  ];
}

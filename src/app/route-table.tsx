/**
 * The route table of spec section 2 (the pages as lazy chunks), and the preloading of a route's code.
 * Kept apart from router.tsx, which holds the components that render it.
 */
import { createElement, isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoutesFromElements, matchRoutes, Route } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { CONTENT_PAGES } from '@/config/content-pages';
import { paths } from '@/config/paths';
import { MainLayout } from './layouts/main-layout';
import { RequireGuest, RequireSession } from './routes/session-gates';

// Every page is its own chunk: the landing page downloads none of the others' code.
// `preload` fetches it ahead of rendering (before hydrating a prerendered page, so that nothing suspends);
// once loaded, the page renders directly, in the same tree position as the lazy one did.
function page<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = pick(module);
      return loaded;
    }));
  // Typed as the page itself: lazy()'s ref-aware props type says nothing useful about a page.
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;
  // The loader boundary is here rather than around the layout's outlet: a page already loaded (a
  // prerendered one, preloaded before hydration) then has no boundary at all, so hydration takes it in
  // the same pass as its layout and nothing can interrupt it half-way.
  function Page(props: P) {
    const Loaded = loaded;
    if (Loaded) return createElement(Loaded, props);
    return <Suspense fallback={<PageLoader />}>{createElement(Lazy, props)}</Suspense>;
  }
  return Object.assign(Page, { preload });
}

type Preloadable = { preload?: () => Promise<unknown> } | undefined;

/** Loads the code of a route's element: a page, or the session gate's shell (its `shell` prop). */
function preloadOf(element: ReactNode): Promise<unknown>[] {
  if (!isValidElement(element)) return [];
  const type = element.type as Preloadable;
  const shell = (element.props as { shell?: Preloadable }).shell;
  return [type?.preload?.(), shell?.preload?.()].filter((loading) => loading !== undefined);
}

// The account pages' layout and its brand panel stay off the landing page too.
const AuthLayout = page(
  () => import('./layouts/auth-layout'),
  (m) => m.AuthLayout,
);

// A founder page's heading while the session is checked (the server sends it painted): only those pages load it.
const SessionShell = page(
  () => import('./routes/session-shells'),
  (m) => m.SessionShell,
);

// Rarely seen: kept off the start-up bundle like the pages.
const NotFoundPage = page(
  () => import('./routes/not-found-page'),
  (m) => m.NotFoundPage,
);

const LandingPage = page(
  () => import('@/features/marketing/landing-page'),
  (m) => m.LandingPage,
);
const ServicesPage = page(
  () => import('@/features/marketing/services-page'),
  (m) => m.ServicesPage,
);
const PlansPage = page(
  () => import('@/features/marketing/plans-page'),
  (m) => m.PlansPage,
);
const FormChooserPage = page(
  () => import('@/features/form-chooser/form-chooser-page'),
  (m) => m.FormChooserPage,
);
const FaqPage = page(
  () => import('@/features/marketing/faq-page'),
  (m) => m.FaqPage,
);
const ContentPage = page(
  () => import('@/features/info/content-page'),
  (m) => m.ContentPage,
);
const HelpPage = page(
  () => import('@/features/info/help-page'),
  (m) => m.HelpPage,
);
const ContactPage = page(
  () => import('@/features/info/contact-page'),
  (m) => m.ContactPage,
);
const PaymentSuccessPage = page(
  () => import('@/features/checkout/payment-success-page'),
  (m) => m.PaymentSuccessPage,
);
const PaymentCancelPage = page(
  () => import('@/features/checkout/payment-cancel-page'),
  (m) => m.PaymentCancelPage,
);
const CheckoutPage = page(
  () => import('@/features/checkout/checkout-page'),
  (m) => m.CheckoutPage,
);
const OrdersPage = page(
  () => import('@/features/orders/orders-page'),
  (m) => m.OrdersPage,
);
const WithdrawalPage = page(
  () => import('@/features/orders/withdrawal-page'),
  (m) => m.WithdrawalPage,
);
const WizardRoute = page(
  () => import('./routes/wizard-route'),
  (m) => m.WizardRoute,
);
const DocumentsPage = page(
  () => import('@/features/documents/documents-page'),
  (m) => m.DocumentsPage,
);
const SigningPage = page(
  () => import('@/features/signing/signing-page'),
  (m) => m.SigningPage,
);
const DashboardRoute = page(
  () => import('./routes/dashboard-route'),
  (m) => m.DashboardRoute,
);
const TeamPage = page(
  () => import('@/features/team/team-page'),
  (m) => m.TeamPage,
);
const InvitationPage = page(
  () => import('@/features/team/invitation-page'),
  (m) => m.InvitationPage,
);
const SharedFileRoute = page(
  () => import('./routes/shared-file-route'),
  (m) => m.SharedFileRoute,
);
const ProfilePage = page(
  () => import('@/features/profile/profile-page'),
  (m) => m.ProfilePage,
);
const WebsitePage = page(
  () => import('@/features/website/website-page'),
  (m) => m.WebsitePage,
);
const LoginPage = page(
  () => import('@/features/auth/login-page'),
  (m) => m.LoginPage,
);
const SignupPage = page(
  () => import('@/features/auth/signup-page'),
  (m) => m.SignupPage,
);
const ForgotPasswordPage = page(
  () => import('@/features/auth/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = page(
  () => import('@/features/auth/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const LogoutPage = page(
  () => import('@/features/auth/logout-page'),
  (m) => m.LogoutPage,
);
const VerifyEmailPage = page(
  () => import('@/features/auth/verify-email-page'),
  (m) => m.VerifyEmailPage,
);

// Development builds only: the condition is a constant false in production, so the bundler drops the page.
const FormPreviewPage = import.meta.env.DEV
  ? page(
      () => import('@/features/staff/form-preview-page'),
      (m) => m.FormPreviewPage,
    )
  : null;

/** The route table of spec section 2, in one place. */
export const routeElements = (
  <>
    <Route element={<MainLayout />}>
      <Route path={paths.landing} element={<LandingPage />} />
      <Route path={paths.home} element={<LandingPage />} />
      <Route path={paths.services} element={<ServicesPage />} />
      <Route path={paths.plans} element={<PlansPage />} />
      <Route path={paths.formChooser} element={<FormChooserPage />} />
      <Route path={paths.faq} element={<FaqPage />} />
      {Object.keys(CONTENT_PAGES).map((path) => (
        <Route key={path} path={path} element={<ContentPage />} />
      ))}
      <Route path={paths.help} element={<HelpPage />} />
      <Route path={paths.contact} element={<ContactPage />} />
      <Route path={paths.invitation} element={<InvitationPage />} />
      <Route path={paths.paymentSuccess} element={<PaymentSuccessPage />} />
      <Route path={paths.paymentCancel} element={<PaymentCancelPage />} />
      {FormPreviewPage ? <Route path={paths.formPreview} element={<FormPreviewPage />} /> : null}
      <Route element={<RequireSession shell={SessionShell} />}>
        <Route path={paths.wizard} element={<WizardRoute />} />
        <Route path={paths.documents} element={<DocumentsPage />} />
        <Route path={paths.sign} element={<SigningPage />} />
        <Route path={paths.dashboard} element={<DashboardRoute />} />
        <Route path={paths.team} element={<TeamPage />} />
        <Route path={paths.sharedFile} element={<SharedFileRoute />} />
        <Route path={paths.profile} element={<ProfilePage />} />
        <Route path={paths.createWebsite} element={<WebsitePage />} />
        <Route path={paths.checkout} element={<CheckoutPage />} />
        <Route path={paths.orders} element={<OrdersPage />} />
        <Route path={paths.withdrawal} element={<WithdrawalPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    <Route element={<RequireGuest />}>
      <Route element={<AuthLayout panel="login" />}>
        <Route path={paths.login} element={<LoginPage />} />
      </Route>
      <Route element={<AuthLayout panel="signup" />}>
        <Route path={paths.signup} element={<SignupPage />} />
      </Route>
    </Route>
    <Route element={<AuthLayout />}>
      <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
      <Route path={paths.logout} element={<LogoutPage />} />
      <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
    </Route>
  </>
);

/** Loads the code of the layouts and page that `pathname` shows, so that they render without suspending. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromElements(routeElements), pathname) ?? [];
  await Promise.all(matches.flatMap(({ route }) => preloadOf(route.element)));
}

import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { CONTENT_PAGES } from '@/config/content-pages';
import { paths } from '@/config/paths';
import { MainLayout } from './layouts/main-layout';
import { RouteMeta } from './route-meta';
import { RequireGuest, RequireSession } from './routes/session-gates';

// Every page is its own chunk: the landing page downloads none of the others' code.
function page<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await load()) }));
}

// The account pages' layout and its brand panel stay off the landing page too.
const AuthLayout = page(
  () => import('./layouts/auth-layout'),
  (m) => m.AuthLayout,
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
const FaqPage = page(
  () => import('@/features/marketing/faq-page'),
  (m) => m.FaqPage,
);
const CreateWebsitePage = page(
  () => import('@/features/info/create-website-page'),
  (m) => m.CreateWebsitePage,
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
const WizardRoute = page(
  () => import('./routes/wizard-route'),
  (m) => m.WizardRoute,
);
const DocumentsPage = page(
  () => import('@/features/documents/documents-page'),
  (m) => m.DocumentsPage,
);
const ProfilePage = page(
  () => import('@/features/profile/profile-page'),
  (m) => m.ProfilePage,
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
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path={paths.landing} element={<LandingPage />} />
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.services} element={<ServicesPage />} />
        <Route path={paths.plans} element={<PlansPage />} />
        <Route path={paths.faq} element={<FaqPage />} />
        <Route path={paths.createWebsite} element={<CreateWebsitePage />} />
        {Object.keys(CONTENT_PAGES).map((path) => (
          <Route key={path} path={path} element={<ContentPage />} />
        ))}
        <Route path={paths.help} element={<HelpPage />} />
        <Route path={paths.contact} element={<ContactPage />} />
        <Route path={paths.paymentSuccess} element={<PaymentSuccessPage />} />
        <Route path={paths.paymentCancel} element={<PaymentCancelPage />} />
        {FormPreviewPage ? <Route path={paths.formPreview} element={<FormPreviewPage />} /> : null}
        <Route element={<RequireSession />}>
          <Route path={paths.wizard} element={<WizardRoute />} />
          <Route path={paths.documents} element={<DocumentsPage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
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
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteMeta />
      <AppRoutes />
    </BrowserRouter>
  );
}

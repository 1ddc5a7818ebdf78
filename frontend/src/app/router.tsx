import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../lib/auth/require-auth';
import HomePage from '../pages/home';
import NotFoundPage from '../pages/not-found';
import { AppLayout } from './layout/app-layout';

// The landing page ships in the first bundle; every other screen is its own chunk.
const AuthPage = lazy(() => import('../pages/auth'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password'));
const EmailLinkPage = lazy(() => import('../pages/email-link'));
const DashboardPage = lazy(() => import('../pages/dashboard'));
const GeneratingPage = lazy(() => import('../pages/generating'));
const IdeasTrialPage = lazy(() => import('../pages/ideas-trial'));
const IdeasPage = lazy(() => import('../pages/ideas'));
const PlansPage = lazy(() => import('../pages/plans'));
const PlanPage = lazy(() => import('../pages/plan'));
const UpsellPage = lazy(() => import('../pages/upsell'));
const ProfilePage = lazy(() => import('../pages/profile'));
const SupportPage = lazy(() => import('../pages/support'));
const FaqsPage = lazy(() => import('../pages/faqs'));
const CompanyPage = lazy(() => import('../pages/company'));
const ContactPage = lazy(() => import('../pages/contact'));
const PrivacyPage = lazy(() => import('../pages/privacy'));
const TermsPage = lazy(() => import('../pages/terms'));
const BlogPage = lazy(() => import('../pages/blog'));
const BlogPostPage = lazy(() => import('../pages/blog-post'));
const TestCheckoutPage = lazy(() => import('../pages/test-checkout'));
const TestPortalPage = lazy(() => import('../pages/test-portal'));

const guarded = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

/** Spec §2 route table (the browser's router in main.tsx, the prerendering one in entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // The links of the welcome email and of the email change notice (issue 48).
      { path: '/confirm-email', element: <EmailLinkPage /> },
      { path: '/restore-email', element: <EmailLinkPage /> },
      { path: '/dashboard', element: guarded(<DashboardPage />) },
      { path: '/generating', element: <GeneratingPage /> },
      { path: '/ideas-trial', element: <IdeasTrialPage /> },
      { path: '/ideas', element: guarded(<IdeasPage />) },
      { path: '/plans', element: guarded(<PlansPage />) },
      { path: '/plan/:id', element: guarded(<PlanPage />) },
      { path: '/upsell', element: <UpsellPage /> },
      { path: '/profile', element: guarded(<ProfilePage />) },
      // Signed out, the page itself asks to sign in (spec §2 Support).
      { path: '/support', element: <SupportPage /> },
      { path: '/faqs', element: <FaqsPage /> },
      { path: '/company', element: <CompanyPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/blog', element: <BlogPage /> },
      { path: '/blog/:slug', element: <BlogPostPage /> },
      // The simulated payment gateway's TEST pages (no Stripe keys set).
      { path: '/billing/test-checkout/:id', element: guarded(<TestCheckoutPage />) },
      { path: '/billing/test-portal/:id', element: guarded(<TestPortalPage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

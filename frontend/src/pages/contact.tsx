import { ContactPage as ContactScreen } from '../features/contact/components/contact-page';

/**
 * Contact page (back-office §2). Its form posts (`formPostPaths.contact`, answered by
 * routes/api/forms/form-post-routes.ts with a 303 to /contact?sent=1 or ?failed=1), so it works
 * before the app's scripts run; once they do, it sends POST /api/contact itself.
 */
export default function ContactPage() {
  return <ContactScreen />;
}

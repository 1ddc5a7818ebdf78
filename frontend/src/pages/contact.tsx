import { PageHeading } from '../components/ui/page-heading';

/**
 * Contact page (back-office document). Only the heading until its issue builds the screen.
 *
 * When the form is built: like every form that can hold something private, it posts
 * (`method="post"` with an action the server answers, never a GET, so nothing typed lands in a
 * URL, the history or a proxy's log). Add its path to `formPostPaths` in
 * backend/application/contracts/form-posts.ts and its answer to
 * backend/infrastructure/http/routes/api/forms/form-post-routes.ts (the API call it stands for,
 * then a 303 to a page with a notice), as the sign-in form does.
 */
export default function ContactPage() {
  return <PageHeading title="Get in Touch" />;
}

import { Link } from 'react-router-dom';
import { type LegalSection, LegalPage } from './legal-page';

export const privacySections: readonly LegalSection[] = [
  { title: 'Introduction', body: <p>Skilly helps people turn a skill into income with AI-generated ideas and step-by-step plans. This policy explains what personal information we collect when you use Skilly, how we use it, and the choices you have.</p> },
  { title: 'Information We Collect', body: <><p>Information you give us: your name, email address, password (stored only as a secure hash), country, profile picture, the skills and requests you enter, the ideas and plans you save, support tickets and contact messages.</p><p>Information collected automatically: the pages you use, the AI features you call and how many, device and browser information, and your IP address (used for security and rate limits).</p></> },
  { title: 'How We Use Your Information', body: <p>We use your information to provide the service (generate ideas and plans, keep your account and progress), to process payments, to answer support requests and contact messages, to keep the service secure and prevent abuse, to improve Skilly, and to send you messages about your account.</p> },
  { title: 'Information Sharing and Disclosure', body: <p>We do not sell your personal information. We share it only with service providers that help us run Skilly, under contracts that limit their use of it: Stripe, our card payment provider, processes payments and subscriptions; OpenAI, our AI provider, processes the text of your requests to generate ideas, plans and help. We may also disclose information when the law requires it or to protect the rights and safety of our users.</p> },
  { title: 'Data Security', body: <p>We protect your information with encryption in transit, hashed passwords, access limited to staff who need it, and regular reviews of our systems. No method of transmission or storage is completely secure, but we work to protect your data.</p> },
  { title: 'Your Privacy Rights', body: <p>You can see and correct your profile at any time, download a copy of your data, and delete your account (which erases your personal data) from your profile settings. Depending on where you live you may have further rights, such as objecting to processing or complaining to a data protection authority.</p> },
  { title: 'Cookies', body: <p>We use a cookie that is strictly necessary to keep you signed in, and local storage to remember your preferences (such as the theme). We do not use advertising cookies.</p> },
  { title: "Children's Privacy", body: <p>Skilly is not for children under 13. We do not knowingly collect personal information from children under 13; if you believe a child has given us information, contact us and we will delete it.</p> },
  { title: 'International Data Transfers', body: <p>Our service providers may process your information in countries other than yours, including the United States. When they do, we rely on appropriate safeguards such as standard contractual clauses.</p> },
  { title: 'Changes', body: <p>We may update this policy. When we do, we change the date above, and for significant changes we tell you by email or in the app before they take effect.</p> },
  { title: 'Contact Us', body: <p>Questions about this policy or your data? Write to us through the <Link to="/contact">contact page</Link>.</p> },
];

export function PrivacyPolicy() {
  return <LegalPage title="Privacy Policy" sections={privacySections} />;
}

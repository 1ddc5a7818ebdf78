import { Link } from 'react-router-dom';
import { type LegalSection, LegalPage } from './legal-page';

export const termsSections: readonly LegalSection[] = [
  { title: 'Agreement', body: <p>By creating an account or using Skilly you agree to these terms. If you do not agree, do not use the service.</p> },
  { title: 'Description of Service', body: <p>Skilly suggests ways to earn income from your skills with AI-generated monetization ideas and step-by-step plans with milestones and tasks. It has a free tier and a paid Pro tier. Ideas and plans are suggestions, not professional, financial or legal advice.</p> },
  { title: 'User Accounts', body: <p>You must give accurate information, keep your password secret and are responsible for what happens under your account. Tell us at once if you think your account has been used without your permission. We may suspend accounts that break these terms.</p> },
  { title: 'Subscription and Payments', body: <><p>Pro is billed in advance, monthly or annually, through our card payment provider (Stripe), and renews automatically until you cancel.</p><p>You can cancel at any time; cancellation takes effect at the end of the current billing period, and you keep Pro until then. Payments are not refunded for partial periods unless the law requires it. If we change prices, the new price applies from your next billing cycle, and we tell you in advance.</p></> },
  { title: 'Acceptable Use', body: <p>Do not use Skilly for anything unlawful, to harass others, to generate harmful or misleading content, to break or overload the service, to get around usage limits, or to scrape or resell it.</p> },
  { title: 'Intellectual Property', body: <p>You keep ownership of the content you submit. You give us the permission needed to store and process it to provide the service. We claim no ownership of the ideas and plans generated for you; you are free to use them. The Skilly name, software and design remain ours.</p> },
  { title: 'Disclaimers and Limitations', body: <p>Skilly is provided "as is". We do not promise any income or result, and AI output may be inaccurate. To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability is limited to the amount you paid us in the twelve months before the claim.</p> },
  { title: 'Indemnification', body: <p>You agree to hold us harmless from claims arising from your misuse of the service or your breach of these terms.</p> },
  { title: 'Third-Party Services', body: <p>Skilly relies on third parties, such as Stripe for payments and OpenAI for AI generation, and links to other platforms. Their own terms apply to them and we are not responsible for them.</p> },
  { title: 'Dispute Resolution', body: <p>Please contact us first: most concerns can be solved informally. If not, disputes are settled by the courts that the applicable law designates, without prejudice to any mandatory consumer protection where you live.</p> },
  { title: 'Changes', body: <p>We may change these terms. We change the date above and tell you of significant changes before they take effect; using Skilly after that means you accept them.</p> },
  { title: 'Severability', body: <p>If a provision of these terms is found unenforceable, the rest remains in effect.</p> },
  { title: 'Contact', body: <p>Questions about these terms? Reach us through the <Link to="/contact">contact page</Link>.</p> },
];

export function TermsOfUse() {
  return <LegalPage title="Terms of Use" sections={termsSections} />;
}

import { TermsOfUse } from '../features/legal/components/terms-of-use';

/** Terms of use (back-office §2): static, every section in order. */
export default function TermsPage() {
  return <TermsOfUse />;
}

import { PrivacyPolicy } from '../features/legal/components/privacy-policy';

/** Privacy policy (back-office §2): static, every section in order. */
export default function PrivacyPage() {
  return <PrivacyPolicy />;
}

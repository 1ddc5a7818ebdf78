import { CompanyPage as CompanyScreen } from '../features/company/components/company-page';

/** Company page (back-office §2): 'WHO WE ARE', the founders; admins edit it in place. */
export default function CompanyPage() {
  return <CompanyScreen />;
}

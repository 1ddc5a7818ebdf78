import { useParams } from 'react-router-dom';
import { TestPortalScreen } from '../features/billing/components/test-portal-screen';

/** /billing/test-portal/{id} (protected): the simulated gateway's TEST billing portal. */
export default function TestPortalPage() {
  const { id = '' } = useParams();
  return <TestPortalScreen key={id} id={id} />;
}

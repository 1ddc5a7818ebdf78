import { useParams } from 'react-router-dom';
import { TestCheckoutScreen } from '../features/billing/components/test-checkout-screen';

/** /billing/test-checkout/{id} (protected): the simulated gateway's TEST checkout page. */
export default function TestCheckoutPage() {
  const { id = '' } = useParams();
  return <TestCheckoutScreen key={id} id={id} />;
}

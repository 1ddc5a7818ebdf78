import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../components/ui/page-heading';

/** Progress screen for idea or plan generation; the generation itself arrives with its own issue. */
export default function GeneratingPage() {
  const [params] = useSearchParams();
  return <PageHeading title={params.get('type') === 'plan' ? 'Generating Your Plan' : 'Generating Your Ideas'} />;
}

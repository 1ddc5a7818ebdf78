import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../components/ui/page-heading';
import { IdeasGeneratingScreen } from '../features/ideas/components/ideas-generating-screen';
import { toastError } from '../lib/toaster';

/** Plan generation arrives with the plans issue; until then the route checks its input and shows its heading. */
function PlanGenerating() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = ['ideaTitle', 'ideaDescription', 'category'].every((key) => (params.get(key) ?? '').trim() !== '');
  const warned = useRef(false);

  // Spec §5: a plan needs the idea's title, description and category.
  useEffect(() => {
    if (complete || warned.current) return;
    warned.current = true;
    toastError('Missing plan information');
    navigate('/ideas', { replace: true });
  }, [complete, navigate]);

  return <PageHeading title="Generating Your Plan" />;
}

/** /generating: ideas by default, a plan with type=plan (spec §2). */
export default function GeneratingPage() {
  const [params] = useSearchParams();
  return params.get('type') === 'plan' ? <PlanGenerating /> : <IdeasGeneratingScreen />;
}

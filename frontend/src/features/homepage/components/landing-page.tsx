import { Button, NonIdealState } from '@blueprintjs/core';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { LoadingText } from '../../../components/ui/loading-text';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useHomepageContent } from '../api/get-homepage-content';
import { LandingSections } from './landing-sections';
import { scrollToAnchor } from '../../../lib/scroll';

// Admin-only code (editable fields, toolbar, save) is fetched only when an admin opens edit mode.
const HomepageEditor = lazy(() => import('./admin/homepage-editor'));

export function LandingPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const content = useHomepageContent();
  const editing = params.get('editMode') === 'true' && isAdmin(user);

  // Links such as /#pricing from other pages land on their section once the content is there.
  useEffect(() => {
    if (content.data && hash.length > 1) scrollToAnchor(decodeURIComponent(hash.slice(1)));
  }, [content.data, hash]);

  if (content.isPending) return <LoadingText />;
  if (content.isError) {
    return (
      <NonIdealState
        className="load-error"
        icon="error"
        title="Failed to load homepage content"
        action={<Button intent="primary" icon="refresh" text="Retry" loading={content.isFetching} onClick={() => void content.refetch()} />}
      />
    );
  }
  if (editing) {
    return (
      <Suspense fallback={<LoadingText />}>
        <HomepageEditor content={content.data} />
      </Suspense>
    );
  }
  return <LandingSections content={content.data} />;
}

import { Classes, NonIdealState } from '@blueprintjs/core';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Island } from '../../../lib/islands/island';
import { usePlatformLinks } from '../api/get-platform-links';
import { PlatformDirectoryView } from './platform-directory-view';

export { badgeColour, badgeTextColour, categoriesOf, contrastRatio } from './platform-directory-view';

/** The platform directory of /faqs (platform-directory-view.tsx), with its loading, failed and empty states; an island on a visitor's page. */
export function PlatformDirectory() {
  const links = usePlatformLinks();
  if (links.isPending) return <div className={Classes.SKELETON} style={{ height: 200 }} data-testid="platforms-loading" />;
  if (links.isError) return <LoadFailure title="Could not load the platforms" query={links} />;
  if (links.data.length === 0) return <NonIdealState icon="globe" title="No platforms yet" />;
  return (
    <Island name="platforms" props={{ links: links.data }}>
      <PlatformDirectoryView links={links.data} />
    </Island>
  );
}

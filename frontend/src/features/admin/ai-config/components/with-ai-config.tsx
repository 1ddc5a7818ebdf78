import { Classes } from '@blueprintjs/core';
import type { AiConfigDto } from '@contracts/ai-config';
import type { ReactNode } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { useAiConfig } from '../api/get-ai-config';

/** The configuration in force and the loading / error states every AI configuration screen shares. */
export function WithAiConfig({ children }: { children: (config: AiConfigDto) => ReactNode }) {
  const config = useAiConfig();
  if (config.isPending) {
    return (
      <div className="ai-skeleton" data-testid="ai-config-loading">
        {[0, 1, 2].map((n) => (
          <div key={n} className={`${Classes.SKELETON} ai-skeleton-block`} />
        ))}
      </div>
    );
  }
  if (config.isError) {
    return <LoadFailure title="Failed to load AI configuration" description={errorMessage(config.error, 'Failed to load AI configuration')} query={config} />;
  }
  return <>{children(config.data)}</>;
}

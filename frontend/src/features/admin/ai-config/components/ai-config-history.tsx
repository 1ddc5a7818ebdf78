import { Alert, Button, Classes, Dialog, DialogBody, NonIdealState, Tag } from '@blueprintjs/core';
import type { AiConfigDto, AiConfigVersionDto } from '@contracts/ai-config';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { useAiConfigVersion } from '../api/get-ai-config-version';
import { useAiConfigVersions } from '../api/get-ai-config-versions';
import { useRestoreAiConfigVersion } from '../api/restore-ai-config-version';
import { formatSaved, versionLine } from './ai-config-format';

function VersionRow({
  entry,
  current,
  onView,
  onRestore,
}: {
  entry: AiConfigVersionDto;
  current: boolean;
  onView: () => void;
  onRestore: () => void;
}) {
  return (
    <li className="ai-history-row" data-testid="ai-config-version-row">
      <div className="ai-history-facts">
        <strong>v{entry.version}</strong>
        {current ? (
          <Tag intent="success" minimal>
            In force
          </Tag>
        ) : null}
        <time dateTime={entry.savedAt}>{formatSaved(entry.savedAt)}</time>
        <span className="muted">by {entry.savedBy?.name ?? 'the system'}</span>
        {entry.restoredFrom !== null ? (
          <Tag minimal icon="undo">
            restored from v{entry.restoredFrom}
          </Tag>
        ) : null}
      </div>
      {entry.changedFields.length > 0 ? (
        <div className="ai-history-fields" aria-label={`Changed in v${entry.version}`}>
          {entry.changedFields.map((field) => (
            <Tag key={field} minimal className="ai-history-field">
              {field}
            </Tag>
          ))}
        </div>
      ) : null}
      {entry.reason ? <p className="ai-history-reason">{entry.reason}</p> : null}
      <div className="ai-history-actions">
        <Button size="small" icon="eye-open" text="View" aria-label={`View version ${entry.version}`} onClick={onView} />
        <Button size="small" icon="undo" text="Restore" aria-label={`Restore version ${entry.version}`} disabled={current} onClick={onRestore} />
      </div>
    </li>
  );
}

function ConfigDetails({ config }: { config: AiConfigDto }) {
  const facts: [string, string | number][] = [
    ['Model', config.modelName],
    ['Temperature', config.temperature],
    ['Idea tokens', config.ideaMaxTokens],
    ['Plan tokens', config.maxTokens],
    ['Milestone tokens', config.milestoneMaxTokens],
    ['Help tokens', config.helpMaxTokens],
    ['Input token cost', config.inputTokenCostPer1M],
    ['Output token cost', config.outputTokenCostPer1M],
  ];
  const prompts: [string, string][] = [
    ['System prompt', config.systemPrompt],
    ['Idea generation prompt', config.ideaGenerationPrompt],
    ['Plan generation prompt', config.planGenerationPrompt],
    ['Next milestone prompt', config.nextMilestonePrompt],
    ['Task help prompt', config.taskHelpPrompt],
  ];
  return (
    <div className="ai-version-details">
      <p className="muted">{versionLine(config)}</p>
      <dl className="ai-version-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {prompts.map(([label, value]) => (
        <section key={label}>
          <h4>{label}</h4>
          <pre className="ai-pre">{value}</pre>
        </section>
      ))}
      <section>
        <h4>Prompt builder settings</h4>
        <dl className="ai-version-facts">
          {Object.entries(config.promptBuilderSettings).map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd className="ai-pre-wrap">{String(value) || '—'}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function VersionDialog({ version, onClose }: { version: number | null; onClose: () => void }) {
  const detail = useAiConfigVersion(version);
  let body;
  if (detail.isPending) body = <div className={`${Classes.SKELETON} ai-skeleton-block`} data-testid="ai-config-version-loading" />;
  else if (detail.isError) body = <LoadFailure title="Failed to load this version" description={errorMessage(detail.error, 'Failed to load this version')} query={detail} />;
  else body = <ConfigDetails config={detail.data} />;
  return (
    <Dialog isOpen={version !== null} onClose={onClose} title={`Version ${version ?? ''}`} icon="history" className="ai-version-dialog">
      <DialogBody>{body}</DialogBody>
    </Dialog>
  );
}

/**
 * The saved versions of the AI configuration, newest first: who saved each, when, what changed and
 * whether it restored an earlier one. View shows a version whole; Restore (after a confirm) makes
 * it the configuration in force again, as a new version.
 */
export function AiConfigHistory({ currentVersion }: { currentVersion: number }) {
  const versions = useAiConfigVersions();
  const restore = useRestoreAiConfigVersion();
  const [viewing, setViewing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  let body;
  if (versions.isPending) body = <div className={`${Classes.SKELETON} ai-skeleton-block`} data-testid="ai-config-history-loading" />;
  else if (versions.isError)
    body = <LoadFailure title="Failed to load the history" description={errorMessage(versions.error, 'Failed to load the history')} query={versions} primary={false} />;
  else if (versions.data.length === 0) body = <NonIdealState icon="history" title="No saved versions yet" description="The built-in defaults are in force." />;
  else
    body = (
      <ul className="ai-history-list" aria-label="AI configuration versions">
        {versions.data.map((entry) => (
          <VersionRow
            key={entry.version}
            entry={entry}
            current={entry.version === currentVersion}
            onView={() => setViewing(entry.version)}
            onRestore={() => setRestoring(entry.version)}
          />
        ))}
      </ul>
    );

  return (
    <section className="ai-history" aria-labelledby="ai-history-title">
      <h3 id="ai-history-title">History</h3>
      {body}
      <VersionDialog version={viewing} onClose={() => setViewing(null)} />
      <Alert
        isOpen={restoring !== null}
        icon="undo"
        intent="warning"
        cancelButtonText="Cancel"
        confirmButtonText="Restore"
        onCancel={() => setRestoring(null)}
        onConfirm={() => {
          if (restoring !== null) restore.mutate(restoring);
          setRestoring(null);
        }}
      >
        <p>
          Restore version {restoring}? It becomes the configuration in force as a new version; every version stays in the history.
        </p>
      </Alert>
    </section>
  );
}

import { Callout, Card, FormGroup, InputGroup, SegmentedControl, Spinner } from '@blueprintjs/core';
import type { AiConfigUpdate, PromptKind } from '@contracts/ai-config';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useAiConfigPreview } from '../api/preview-ai-config';

export const PREVIEW_DEBOUNCE_MS = 400;
export const DEFAULT_SAMPLE_SKILL = 'graphic design';

const kindLabels: Record<PromptKind, string> = { ideas: 'Ideas', plan: 'Plan', nextMilestone: 'Next milestone', taskHelp: 'Task help' };

/** `value` once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}

function PreviewMessages({ kind, changes, skill }: { kind: PromptKind; changes: AiConfigUpdate; skill: string }) {
  const request = useDebounced({ kind, changes, sample: kind === 'ideas' ? { skill } : undefined }, PREVIEW_DEBOUNCE_MS);
  const preview = useAiConfigPreview(request);

  if (preview.isPending) {
    return (
      <div className="ai-preview-status muted" data-testid="ai-preview-loading">
        <Spinner size={16} /> Building the preview…
      </div>
    );
  }
  if (preview.isError && !preview.data) {
    return (
      <Callout intent="danger" icon="error" title="Failed to load the preview" data-testid="ai-preview-error">
        {errorMessage(preview.error, 'The server could not build the messages.')}
      </Callout>
    );
  }
  const data = preview.data!;
  return (
    <>
      <div className="ai-preview-status muted">
        {preview.isFetching ? <Spinner size={16} /> : null}
        <span>
          {data.model}, temperature {data.temperature}, up to {data.maxTokens} tokens
        </span>
      </div>
      {preview.isError ? (
        <Callout intent="danger" icon="error" title="Failed to load the preview" data-testid="ai-preview-error">
          {errorMessage(preview.error, 'The server could not build the messages.')}
        </Callout>
      ) : null}
      <h4>System message</h4>
      <pre className="ai-pre" data-testid="ai-preview-system">
        {data.system}
      </pre>
      <h4>User message</h4>
      <pre className="ai-pre" data-testid="ai-preview-user">
        {data.user}
      </pre>
    </>
  );
}

/**
 * What the AI would be sent, built by the server from the saved configuration with the unsaved
 * `changes` laid over it, refreshed ~400 ms after the last keystroke. `invalid` (a field's message)
 * holds the preview back until the fields are valid.
 */
export function PromptPreview({ kinds, changes, invalid }: { kinds: readonly PromptKind[]; changes: AiConfigUpdate; invalid?: string }) {
  const [kind, setKind] = useState<PromptKind>(kinds[0]!);
  const [skill, setSkill] = useState(DEFAULT_SAMPLE_SKILL);
  return (
    <Card className="ai-preview" aria-labelledby="ai-preview-title">
      <h3 id="ai-preview-title">Preview</h3>
      {kinds.length > 1 ? (
        <SegmentedControl
          aria-label="Prompt to preview"
          size="small"
          options={kinds.map((value) => ({ value, label: kindLabels[value] }))}
          value={kind}
          onValueChange={(value) => setKind(value as PromptKind)}
        />
      ) : null}
      {kind === 'ideas' ? (
        <FormGroup label="Sample skill" labelFor="ai-preview-skill">
          <InputGroup id="ai-preview-skill" value={skill} maxLength={500} onChange={(event) => setSkill(event.target.value)} />
        </FormGroup>
      ) : null}
      {invalid ? (
        <Callout intent="warning" icon="warning-sign" data-testid="ai-preview-invalid">
          The preview waits for valid fields: {invalid}
        </Callout>
      ) : (
        <PreviewMessages kind={kind} changes={changes} skill={skill} />
      )}
    </Card>
  );
}

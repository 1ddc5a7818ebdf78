import './ai-config.css';
import { Button, Callout, Card } from '@blueprintjs/core';
import { type AiConfigDto, aiSettingsFieldsSchema, selectableModels } from '@contracts/ai-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateAiConfig } from '../api/update-ai-config';
import { AiConfigHistory } from './ai-config-history';
import { AiConfigOutcomes } from './ai-config-outcomes';
import { versionLine } from './ai-config-format';
import { NumberField, SelectField, TextAreaField } from './fields';
import { WithAiConfig } from './with-ai-config';

/** The Model tab's fields (back-office §2, §3), validated with the server's own ranges (§5). */
export const modelFieldsSchema = aiSettingsFieldsSchema.pick({
  modelName: true,
  systemPrompt: true,
  temperature: true,
  ideaMaxTokens: true,
  maxTokens: true,
  milestoneMaxTokens: true,
  helpMaxTokens: true,
  inputTokenCostPer1M: true,
  outputTokenCostPer1M: true,
});
type ModelValues = z.input<typeof modelFieldsSchema>;
export const modelFieldNames = Object.keys(modelFieldsSchema.shape) as (keyof ModelValues)[];

const pickModelFields = (config: AiConfigDto): ModelValues =>
  Object.fromEntries(modelFieldNames.map((name) => [name, config[name]])) as ModelValues;

function ModelForm({ config }: { config: AiConfigDto }) {
  const form = useForm<ModelValues, unknown, z.output<typeof modelFieldsSchema>>({
    resolver: zodResolver(modelFieldsSchema),
    defaultValues: pickModelFields(config),
  });
  const update = useUpdateAiConfig();
  const { errors, isDirty } = form.formState;
  // A model a compatible server offers beyond §9's list stays selectable while it is the one in force.
  const models = (selectableModels as readonly string[]).includes(config.modelName) ? selectableModels : [config.modelName, ...selectableModels];
  const number = { valueAsNumber: true } as const;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await update.mutateAsync(values).then(
      () => true,
      () => false,
    );
    // Saved: these are the values in force now (the new key restarts the form once the configuration is refetched).
    if (saved) form.reset(values);
  });

  return (
    <form className="ai-form" onSubmit={onSubmit} noValidate aria-label="Model settings">
      <SelectField label="Model" registration={form.register('modelName')} error={errors.modelName} options={models.map((model) => ({ value: model, label: model }))} />
      <TextAreaField label="System prompt" registration={form.register('systemPrompt')} error={errors.systemPrompt} rows={8} />
      <NumberField label="Temperature" registration={form.register('temperature', number)} error={errors.temperature} min={0} max={2} step={0.1} helper="0 to 2, in steps of 0.1" />
      <fieldset className="ai-fieldset">
        <legend>Max tokens</legend>
        <div className="ai-grid">
          <NumberField label="Idea generation" registration={form.register('ideaMaxTokens', number)} error={errors.ideaMaxTokens} min={500} max={3000} step={1} helper="500 to 3000" />
          <NumberField label="Plan generation" registration={form.register('maxTokens', number)} error={errors.maxTokens} min={1000} max={10000} step={1} helper="1000 to 10000" />
          <NumberField label="Milestone" registration={form.register('milestoneMaxTokens', number)} error={errors.milestoneMaxTokens} min={500} max={5000} step={1} helper="500 to 5000" />
          <NumberField label="Task help" registration={form.register('helpMaxTokens', number)} error={errors.helpMaxTokens} min={300} max={2000} step={1} helper="300 to 2000" />
        </div>
      </fieldset>
      <fieldset className="ai-fieldset">
        <legend>Token costs (USD per 1M tokens)</legend>
        <div className="ai-grid">
          <NumberField label="Input token cost" registration={form.register('inputTokenCostPer1M', number)} error={errors.inputTokenCostPer1M} min={0} step={0.01} />
          <NumberField label="Output token cost" registration={form.register('outputTokenCostPer1M', number)} error={errors.outputTokenCostPer1M} min={0} step={0.01} />
        </div>
      </fieldset>
      <div className="ai-form-actions">
        <Button type="submit" intent="primary" icon="floppy-disk" text="Save" loading={update.isPending} />
        {isDirty ? <span className="muted">Unsaved changes</span> : null}
      </div>
    </form>
  );
}

/**
 * The admin Model tab (back-office §2 skilly-ai): model, system prompt, temperature, max tokens per
 * kind and token costs; Save sends these fields only. Below, the history of saved versions and
 * what each version led to (issue 53).
 */
export function ModelTab() {
  return (
    <section className="ai-tab" aria-labelledby="model-tab-title">
      <h2 id="model-tab-title">Model</h2>
      <WithAiConfig>
        {(config) => (
          <>
            <Callout icon="history" className="ai-version" data-testid="ai-config-version">
              {versionLine(config)}
            </Callout>
            <Card className="ai-card">
              {/* A change to the Model fields (a save, a restore, another admin's) starts the form afresh; a new version
                  that leaves them alone (a Skilly AI save) keeps the unsaved edits here. */}
              <ModelForm key={JSON.stringify(pickModelFields(config))} config={config} />
            </Card>
            <AiConfigHistory currentVersion={config.version} />
            <AiConfigOutcomes />
          </>
        )}
      </WithAiConfig>
    </section>
  );
}

export default ModelTab;

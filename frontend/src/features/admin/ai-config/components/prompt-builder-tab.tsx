import './ai-config.css';
import { Button, Callout, Card, Tab, Tabs } from '@blueprintjs/core';
import { type AiConfigDto, aiSettingsFieldsSchema, type PromptKind, promptBuilderSettingsSchema, promptPlaceholders } from '@contracts/ai-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, type FieldValues, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useUpdateAiConfig } from '../api/update-ai-config';
import { versionLine } from './ai-config-format';
import { NumberField, optionsOf, SelectField, SwitchField, TextAreaField } from './fields';
import { WithAiConfig } from './with-ai-config';
import { PromptField } from './prompt-field';
import { PromptPreview } from './prompt-preview';

const prompt = aiSettingsFieldsSchema.shape;
const settings = promptBuilderSettingsSchema.shape;

/** Each sub-tab's fields: its prompts and the builder settings it owns (back-office §2). */
export const ideaFieldsSchema = z.object({
  ideaGenerationPrompt: prompt.ideaGenerationPrompt,
  promptBuilderSettings: promptBuilderSettingsSchema.pick({
    ideaDescriptionLength: true,
    ideaDetailLevel: true,
    includeSpecificTools: true,
    ideasPerCategory: true,
    incomeRangeStyle: true,
    ideaCustomInstructions: true,
    enableProPersonalization: true,
    categoriesText: true,
    categoryInstructions: true,
    personalizationInstructions: true,
  }),
});
export const planFieldsSchema = z.object({
  planGenerationPrompt: prompt.planGenerationPrompt,
  nextMilestonePrompt: prompt.nextMilestonePrompt,
  promptBuilderSettings: promptBuilderSettingsSchema.pick({
    milestonesCount: true,
    tasksPerMilestone: true,
    planTimeframe: true,
    planDetailLevel: true,
    includeResources: true,
    planCustomInstructions: true,
  }),
});
export const taskHelpFieldsSchema = z.object({ taskHelpPrompt: prompt.taskHelpPrompt });

type Schema = typeof ideaFieldsSchema | typeof planFieldsSchema | typeof taskHelpFieldsSchema;

/** The schema's fields as they are in `config`: what the sub-tab starts from. */
function pick<S extends Schema>(schema: S, config: AiConfigDto): z.input<S> {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    if (key === 'promptBuilderSettings') {
      const owned = Object.keys((schema.shape as { promptBuilderSettings: z.ZodObject }).promptBuilderSettings.shape);
      values[key] = Object.fromEntries(owned.map((name) => [name, config.promptBuilderSettings[name as keyof AiConfigDto['promptBuilderSettings']]]));
    } else values[key] = config[key as keyof AiConfigDto];
  }
  return values as z.input<S>;
}

/**
 * A sub-tab form's key: its own fields as they are in force. A change to them (its own save, a
 * restore, another admin's save) starts the form afresh; a new version that leaves them alone
 * (another sub-tab's save) keeps its unsaved edits.
 */
const formKey = (schema: Schema, config: AiConfigDto) => JSON.stringify(pick(schema, config));

const number = { valueAsNumber: true } as const;

/**
 * One sub-tab: its form (the schema's fields, validated before sending), a Save that sends only
 * them, and the live preview of the prompts it shapes with the unsaved changes.
 */
function BuilderForm<S extends Schema>({
  schema,
  config,
  title,
  kinds,
  active,
  children,
}: {
  schema: S;
  config: AiConfigDto;
  title: string;
  kinds: readonly PromptKind[];
  active: boolean;
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
}) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's generics cannot follow S through the union; the schema is the form's own.
    resolver: zodResolver(schema as typeof taskHelpFieldsSchema) as never,
    defaultValues: pick(schema, config) as never,
  });
  const update = useUpdateAiConfig();
  const watched = useWatch({ control: form.control }) as unknown;
  const parsed = schema.safeParse(watched);

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await update.mutateAsync(values).then(
      () => true,
      () => false,
    );
    // Saved: these are the values in force now (the new key restarts the form once the configuration is refetched).
    if (saved) form.reset(values as never);
  });

  return (
    <div className="ai-builder">
      <form className="ai-form" onSubmit={onSubmit} noValidate aria-label={title}>
        {children(form)}
        <div className="ai-form-actions">
          <Button type="submit" intent="primary" icon="floppy-disk" text={`Save ${title}`} loading={update.isPending} />
          {form.formState.isDirty ? <span className="muted">Unsaved changes</span> : null}
        </div>
      </form>
      {active ? (
        <PromptPreview kinds={kinds} changes={parsed.success ? parsed.data : {}} invalid={parsed.success ? undefined : parsed.error.issues[0]?.message} />
      ) : null}
    </div>
  );
}

/** The error react-hook-form holds for a dotted name ("promptBuilderSettings.ideasPerCategory"). */
function errorAt<T extends FieldValues>(errors: FieldErrors<T>, name: string) {
  let at: unknown = errors;
  for (const part of name.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  return at as import('react-hook-form').FieldError | undefined;
}

/** Helpers a sub-tab's fields share: registration, error and value by dotted name. */
function wire<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  const anyForm = form as unknown as UseFormReturn<FieldValues>;
  return {
    errors: (name: string) => errorAt(anyForm.formState.errors, name),
    register: (name: string, options?: typeof number) => anyForm.register(name, options),
    prompt: (label: string, name: keyof typeof promptPlaceholders) => (
      <PromptField
        label={label}
        registration={anyForm.register(name)}
        error={errorAt(anyForm.formState.errors, name)}
        placeholders={promptPlaceholders[name]}
        getValue={() => String(anyForm.getValues(name) ?? '')}
        setValue={(value) => anyForm.setValue(name, value, { shouldDirty: true, shouldValidate: anyForm.formState.isSubmitted })}
      />
    ),
    control: anyForm.control,
  };
}

const enumOptions = (schema: { options: readonly string[] }) => optionsOf(schema.options);

function IdeaFields({ form }: { form: UseFormReturn<z.input<typeof ideaFieldsSchema>, unknown, z.output<typeof ideaFieldsSchema>> }) {
  const f = wire(form as never);
  const s = (name: keyof z.input<typeof ideaFieldsSchema>['promptBuilderSettings']) => `promptBuilderSettings.${name}`;
  return (
    <>
      {f.prompt('Idea generation prompt', 'ideaGenerationPrompt')}
      <div className="ai-grid">
        <NumberField label="Description length (characters)" registration={f.register(s('ideaDescriptionLength'), number)} error={f.errors(s('ideaDescriptionLength'))} min={100} max={2000} step={1} helper="100 to 2000" />
        <NumberField label="Ideas per category" registration={f.register(s('ideasPerCategory'), number)} error={f.errors(s('ideasPerCategory'))} min={1} max={10} step={1} helper="1 to 10" />
        <SelectField label="Idea detail level" registration={f.register(s('ideaDetailLevel'))} options={enumOptions(settings.ideaDetailLevel)} />
        <SelectField label="Income range style" registration={f.register(s('incomeRangeStyle'))} options={enumOptions(settings.incomeRangeStyle)} />
      </div>
      <SwitchField label="Include specific tools" name={s('includeSpecificTools')} control={f.control} />
      <SwitchField label="Pro personalization" name={s('enableProPersonalization')} control={f.control} />
      <TextAreaField label="Categories" registration={f.register(s('categoriesText'))} error={f.errors(s('categoriesText'))} rows={5} helper="One line per category: key | label | keywords" />
      <TextAreaField label="Category instructions" registration={f.register(s('categoryInstructions'))} error={f.errors(s('categoryInstructions'))} rows={3} />
      <TextAreaField label="Personalization instructions" registration={f.register(s('personalizationInstructions'))} error={f.errors(s('personalizationInstructions'))} rows={3} />
      <TextAreaField label="Idea custom instructions" registration={f.register(s('ideaCustomInstructions'))} error={f.errors(s('ideaCustomInstructions'))} rows={3} />
    </>
  );
}

function PlanFields({ form }: { form: UseFormReturn<z.input<typeof planFieldsSchema>, unknown, z.output<typeof planFieldsSchema>> }) {
  const f = wire(form as never);
  const s = (name: keyof z.input<typeof planFieldsSchema>['promptBuilderSettings']) => `promptBuilderSettings.${name}`;
  return (
    <>
      {f.prompt('Plan generation prompt', 'planGenerationPrompt')}
      {f.prompt('Next milestone prompt', 'nextMilestonePrompt')}
      <div className="ai-grid">
        <NumberField label="Milestones" registration={f.register(s('milestonesCount'), number)} error={f.errors(s('milestonesCount'))} min={1} max={12} step={1} helper="1 to 12" />
        <NumberField label="Tasks per milestone" registration={f.register(s('tasksPerMilestone'), number)} error={f.errors(s('tasksPerMilestone'))} min={1} max={20} step={1} helper="1 to 20" />
        <SelectField label="Plan timeframe" registration={f.register(s('planTimeframe'))} options={enumOptions(settings.planTimeframe)} />
        <SelectField label="Plan detail level" registration={f.register(s('planDetailLevel'))} options={enumOptions(settings.planDetailLevel)} />
      </div>
      <SwitchField label="Include resources" name={s('includeResources')} control={f.control} />
      <TextAreaField label="Plan custom instructions" registration={f.register(s('planCustomInstructions'))} error={f.errors(s('planCustomInstructions'))} rows={3} />
    </>
  );
}

function TaskHelpFields({ form }: { form: UseFormReturn<z.input<typeof taskHelpFieldsSchema>, unknown, z.output<typeof taskHelpFieldsSchema>> }) {
  const f = wire(form as never);
  return f.prompt('Task help prompt', 'taskHelpPrompt');
}

type SubTab = 'idea' | 'plan' | 'task-help';

function Builder({ config }: { config: AiConfigDto }) {
  const [tab, setTab] = useState<SubTab>('idea');
  // Each form is keyed by its own fields' values (formKey), not by the version: saving one sub-tab leaves the others' unsaved edits alone.
  return (
    <Tabs id="prompt-builder-tabs" selectedTabId={tab} onChange={(id) => setTab(id as SubTab)} className="ai-builder-tabs" size="large">
      <Tab
        id="idea"
        title="Idea Generation"
        panel={
          <BuilderForm key={formKey(ideaFieldsSchema, config)} schema={ideaFieldsSchema} config={config} title="Idea Generation" kinds={['ideas']} active={tab === 'idea'}>
            {(form) => <IdeaFields form={form} />}
          </BuilderForm>
        }
      />
      <Tab
        id="plan"
        title="Plan Generation"
        panel={
          <BuilderForm key={formKey(planFieldsSchema, config)} schema={planFieldsSchema} config={config} title="Plan Generation" kinds={['plan', 'nextMilestone']} active={tab === 'plan'}>
            {(form) => <PlanFields form={form} />}
          </BuilderForm>
        }
      />
      <Tab
        id="task-help"
        title="Task Help"
        panel={
          <BuilderForm key={formKey(taskHelpFieldsSchema, config)} schema={taskHelpFieldsSchema} config={config} title="Task Help" kinds={['taskHelp']} active={tab === 'task-help'}>
            {(form) => <TaskHelpFields form={form} />}
          </BuilderForm>
        }
      />
    </Tabs>
  );
}

/**
 * The admin Skilly AI tab (back-office §2 prompt-builder): three sub-tabs, Idea Generation, Plan
 * Generation and Task Help, each with its prompts (placeholders as chips), its builder settings, its
 * own Save, and a live preview of the messages the AI would get.
 */
export function PromptBuilderTab() {
  return (
    <section className="ai-tab" aria-labelledby="prompt-builder-title">
      <h2 id="prompt-builder-title">Skilly AI</h2>
      <WithAiConfig>
        {(config) => (
          <>
            <Callout icon="history" className="ai-version" data-testid="ai-config-version">
              {versionLine(config)}
            </Callout>
            <Card className="ai-card">
              <Builder config={config} />
            </Card>
          </>
        )}
      </WithAiConfig>
    </section>
  );
}

export default PromptBuilderTab;

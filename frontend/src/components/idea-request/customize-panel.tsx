import './customize-panel.css';
import { Callout, FileInput, FormGroup, HTMLSelect, InputGroup, Slider, TagInput } from '@blueprintjs/core';
import { useState } from 'react';
import { type Control, Controller, useController } from 'react-hook-form';
import { type IdeaRequestForm, skillLevels, timelines } from '../../lib/idea-request-form';
import { RouterButton } from '../ui/router-button';

const labelOf = (value: string) => value.replace('-days', ' days').replace(/^\w/, (c) => c.toUpperCase());
const tagValues = (values: React.ReactNode[]) => values.map(String).map((v) => v.trim()).filter(Boolean);

function SelectField(props: {
  control: Control<IdeaRequestForm>;
  name: 'skillLevel' | 'timeline';
  label: string;
  options: readonly string[];
  disabled: boolean;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormGroup label={props.label} labelFor={props.name}>
          <HTMLSelect
            id={props.name}
            fill
            disabled={props.disabled}
            value={field.value}
            onChange={(e) => field.onChange(e.currentTarget.value)}
          >
            {props.options.map((option) => (
              <option key={option} value={option}>
                {labelOf(option)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    />
  );
}

type FieldOf<Name> = { control: Control<IdeaRequestForm>; name: Name; label: string; disabled: boolean };

/** A list of free words (niches, platforms, languages): Enter or leaving the field adds one. */
function TagsField({ placeholder, ...props }: FieldOf<'niches' | 'platforms' | 'languages'> & { placeholder: string }) {
  const { field } = useController({ control: props.control, name: props.name });
  return (
    <FormGroup label={props.label} labelInfo="(Enter to add)">
      <TagInput values={field.value} onChange={(v) => field.onChange(tagValues(v))} addOnBlur disabled={props.disabled} placeholder={placeholder} />
    </FormGroup>
  );
}

/** Spec §5 customization: pro members only; everyone else sees it disabled behind an upgrade banner. */
export function CustomizePanel({ control, enabled, upgradeTo }: { control: Control<IdeaRequestForm>; enabled: boolean; upgradeTo: string }) {
  const [resume, setResume] = useState<string | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const disabled = !enabled;

  return (
    <div className="customize-panel" id="customize-panel">
      {disabled ? (
        <Callout intent="primary" icon="lock" className="customize-upgrade" title="Go Pro to unlock advanced customization">
          <p>Tell the AI your level, hours, income goal and timeline, add your resume, and get ideas made for you.</p>
          <RouterButton to={upgradeTo} intent="primary" icon="star" text="Upgrade to Pro" />
        </Callout>
      ) : null}
      <fieldset disabled={disabled} className="customize-grid">
        <SelectField control={control} name="skillLevel" label="Skill level" options={skillLevels} disabled={disabled} />
        <SelectField control={control} name="timeline" label="Timeline" options={timelines} disabled={disabled} />
        <Controller
          control={control}
          name="incomeGoal"
          render={({ field }) => (
            <FormGroup label={`Monthly income goal: $${field.value.toLocaleString('en-US')}`} className="customize-wide">
              <Slider
                min={100}
                max={10_000}
                stepSize={100}
                labelStepSize={9_900}
                labelRenderer={(value) => `$${value.toLocaleString('en-US')}`}
                handleHtmlProps={{ 'aria-label': 'Monthly income goal' }}
                value={field.value}
                onChange={field.onChange}
                disabled={disabled}
              />
            </FormGroup>
          )}
        />
        <Controller
          control={control}
          name="availableHours"
          render={({ field }) => (
            <FormGroup label={`Available hours per week: ${field.value}`} className="customize-wide">
              <Slider
                min={1}
                max={40}
                stepSize={1}
                labelStepSize={39}
                handleHtmlProps={{ 'aria-label': 'Available hours per week' }}
                value={field.value}
                onChange={field.onChange}
                disabled={disabled}
              />
            </FormGroup>
          )}
        />
        <TagsField control={control} name="niches" label="Niches" placeholder="e.g. pets, fitness" disabled={disabled} />
        <TagsField control={control} name="platforms" label="Platforms" placeholder="e.g. Fiverr, Etsy" disabled={disabled} />
        <Controller
          control={control}
          name="regionFocus"
          render={({ field }) => (
            <FormGroup label="Region focus" labelFor="regionFocus">
              <InputGroup id="regionFocus" value={field.value} onValueChange={field.onChange} disabled={disabled} placeholder="e.g. Europe, local city" />
            </FormGroup>
          )}
        />
        <TagsField control={control} name="languages" label="Languages" placeholder="e.g. English, Spanish" disabled={disabled} />
        <FormGroup
          label="Resume"
          labelInfo="(optional: PDF, DOC, DOCX)"
          className="customize-wide"
          helperText={resumeError ?? undefined}
          intent={resumeError ? 'danger' : 'none'}
        >
          <FileInput
            fill
            disabled={disabled}
            text={resume ?? 'Choose a file...'}
            hasSelection={resume !== null}
            inputProps={{ accept: '.pdf,.doc,.docx', multiple: false }}
            onInputChange={(event) => {
              const file = event.currentTarget.files?.[0];
              const valid = !file || /\.(pdf|docx?)$/i.test(file.name);
              setResumeError(valid ? null : 'Please choose a PDF, DOC or DOCX file');
              setResume(valid && file ? file.name : null);
            }}
          />
        </FormGroup>
      </fieldset>
    </div>
  );
}

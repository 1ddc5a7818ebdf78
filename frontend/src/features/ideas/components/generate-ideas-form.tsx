import './generate-ideas-form.css';
import './credit-tag.css';
import '../../../components/idea-request/customize-toggle.css';
import { Button, Card, Collapse, FormGroup, Tag, TextArea } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { CustomizePanel } from '../../../components/idea-request/customize-panel';
import { CustomizeToggle } from '../../../components/idea-request/customize-toggle';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isPro } from '../../../lib/auth/roles';
import { generatingUrl, type IdeaRequestForm, ideaRequestFormSchema, ideaRequestFormValues } from '../../../lib/idea-request';

/** The dashboard's Generate New Ideas form (spec §2): the same request as the landing hero, for a member. */
export function GenerateIdeasForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const pro = isPro(user);
  const [customizeOpen, setCustomizeOpen] = useState(false);
  const form = useForm<IdeaRequestForm>({ resolver: zodResolver(ideaRequestFormSchema), defaultValues: ideaRequestFormValues(location.state) });
  const { field: skill } = useController({ control: form.control, name: 'skill' });
  const canSubmit = skill.value.trim().length > 0;

  const onSubmit = form.handleSubmit((values) => {
    navigate(generatingUrl(ideaRequestFormSchema.parse(values), { trial: false, customize: pro }));
  });

  return (
    <Card className="generate-ideas" elevation={1} role="region" aria-labelledby="generate-ideas-title">
      <h2 id="generate-ideas-title" className="dashboard-section-title">
        Generate New Ideas
      </h2>
      <form onSubmit={canSubmit ? onSubmit : (event) => event.preventDefault()} aria-label="Generate new ideas">
        <FormGroup label="What are your skills or passions?" labelFor="dashboard-skill">
          <TextArea
            id="dashboard-skill"
            rows={3}
            fill
            name={skill.name}
            value={skill.value}
            onChange={(event) => skill.onChange(event.currentTarget.value)}
            onBlur={skill.onBlur}
            inputRef={skill.ref}
            placeholder="e.g. I'm a graphic designer who loves illustrating pets"
          />
        </FormGroup>
        <div className="generate-ideas-actions">
          <CustomizeToggle open={customizeOpen} onToggle={() => setCustomizeOpen((open) => !open)}>
            Customize Request
          </CustomizeToggle>
          <Button type="submit" intent="primary" icon="clean" disabled={!canSubmit}>
            Generate Ideas{' '}
            <Tag minimal round className="credit-tag">
              1 credit
            </Tag>
          </Button>
        </div>
        <Collapse isOpen={customizeOpen} keepChildrenMounted>
          <CustomizePanel control={form.control} enabled={pro} upgradeTo="/upsell" />
        </Collapse>
      </form>
    </Card>
  );
}

import './hero-section.css';
import '../../../components/ui/staff-notice.css';
import '../../../components/idea-request/customize-toggle.css';
import { Button, Card, Collapse, TextArea } from '@blueprintjs/core';
import type { HomepageContent } from '@contracts/homepage-content';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useController, useForm, type UseFormReturn } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { CustomizeToggle } from '../../../components/idea-request/customize-toggle';
import { SocialLinks } from '../../../components/ui/social-icons';
import { StaffNotice } from '../../../components/ui/staff-notice';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isPro, isStaff, upgradeHref } from '../../../lib/auth/roles';
import { pendingIdeas } from '../../../lib/pending-generation';
import { EditableButtonLook, Field, useIsEditing } from './content-field';
import { seededRandom } from '@contracts/seeded-random';
import { randomExamplePrompt } from './example-cards';
import { useHydrated } from '../../../lib/prerender';
import { ExampleColumn, useExampleColumns } from './example-columns';
import { generatingUrl, type IdeaRequestForm, ideaRequestFormResolver, ideaRequestFormValues } from '../../../lib/idea-request-form';

// Only visitors back from a trial see their ideas here: that code loads when needed.
// The customization fields load when the visitor first opens them.
const CustomizePanel = lazy(() =>
  import('../../../components/idea-request/customize-panel').then((module) => ({ default: module.CustomizePanel })),
);
const HeroIdeas = lazy(() => import('./hero-ideas').then((module) => ({ default: module.HeroIdeas })));

/** Spec §4: a new random example every 3 s, blank while the textarea has focus. */
function useRotatingPlaceholder(paused: boolean) {
  // The first one is the same on the server's prerender and in the browser, then random.
  const [placeholder, setPlaceholder] = useState(() => randomExamplePrompt(seededRandom(3)));
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setPlaceholder(randomExamplePrompt()), 3000);
    return () => clearInterval(timer);
  }, [paused]);
  return paused ? '' : placeholder;
}

function HeroPromptForm({ hero, form }: { hero: HomepageContent['hero']; form: UseFormReturn<IdeaRequestForm> }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const editing = useIsEditing();
  const [focused, setFocused] = useState(false);
  const [customizeOpen, setCustomizeOpen] = useState(false);
  const [customizeOpened, setCustomizeOpened] = useState(false);
  const placeholder = useRotatingPlaceholder(focused);
  const pro = isPro(user);

  // Controlled: Blueprint's TextArea re-binds a changing inputRef, which would reset a registered field.
  const { field: skillField } = useController({ control: form.control, name: 'skill' });
  const skill = skillField.value;
  const canSubmit = skill.trim().length > 0 && !form.formState.isSubmitting && !editing;

  const onSubmit = form.handleSubmit((values) => {
    navigate(generatingUrl(values, { trial: !user, customize: pro }));
  });

  return (
    <form className="hero-form" onSubmit={canSubmit ? onSubmit : (event) => event.preventDefault()} aria-label="Generate income ideas">
      <label htmlFor="hero-skill" className="hero-prompt-label">
        <Field path="hero.prompt" value={hero.prompt} />
      </label>
      <TextArea
        id="hero-skill"
        rows={5}
        fill
        size="large"
        className="hero-textarea"
        placeholder={placeholder}
        disabled={editing}
        name={skillField.name}
        value={skillField.value}
        onChange={(event) => skillField.onChange(event.currentTarget.value)}
        inputRef={skillField.ref}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          skillField.onBlur();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            if (canSubmit) void onSubmit();
          }
        }}
      />
      <div className="hero-form-actions">
        {editing ? (
          <>
            <EditableButtonLook>
              <Field path="hero.customizeButton" value={hero.customizeButton} />
            </EditableButtonLook>
            <EditableButtonLook primary large>
              <Field path="hero.ctaButton" value={hero.ctaButton} />
            </EditableButtonLook>
          </>
        ) : (
          <>
            <CustomizeToggle
              open={customizeOpen}
              onToggle={() => {
                setCustomizeOpened(true);
                setCustomizeOpen((open) => !open);
              }}
            >
              {hero.customizeButton}
            </CustomizeToggle>
            <Button type="submit" intent="primary" size="large" icon="clean" disabled={!canSubmit} loading={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Generating ideas...' : hero.ctaButton}
            </Button>
          </>
        )}
      </div>
      <Collapse isOpen={customizeOpen && !editing} keepChildrenMounted>
        {customizeOpened ? (
          <Suspense fallback={null}>
            <CustomizePanel control={form.control} enabled={pro} upgradeTo={upgradeHref(user)} />
          </Suspense>
        ) : null}
      </Collapse>
    </form>
  );
}

export function HeroSection({ hero }: { hero: HomepageContent['hero'] }) {
  const { user } = useAuth();
  const editing = useIsEditing();
  const examples = useExampleColumns();
  const staff = isStaff(user) && !editing;
  const location = useLocation();
  // What only the browser knows (history state, session storage) is read once a prerendered
  // page is hydrated, so the first render matches the server's.
  const hydrated = useHydrated();
  // After a failed generation the request comes back here, so the visitor does not type it again.
  const form = useForm<IdeaRequestForm>({
    resolver: ideaRequestFormResolver,
    defaultValues: ideaRequestFormValues(hydrated ? location.state : null),
  });
  const { reset, getFieldState } = form;
  useEffect(() => {
    if (hydrated && location.state && !getFieldState('skill').isDirty) reset(ideaRequestFormValues(location.state));
  }, [hydrated, location.state, reset, getFieldState]);
  // A visitor's latest trial ideas, kept in this tab until they sign up.
  const trial = useMemo(() => (hydrated ? pendingIdeas.read() : null), [hydrated]);
  const showTrial = trial !== null && trial.ideas.length > 0 && !user && !editing;

  // A click on an example card puts its prompt in the textarea.
  const pickExample = (prompt: string) => {
    form.setValue('skill', prompt, { shouldDirty: true });
    form.setFocus('skill');
  };

  return (
    <section className="hero" aria-labelledby="hero-headline">
      <div className="hero-grid">
        <ExampleColumn side="left" column={examples.left} onPick={staff || editing ? undefined : pickExample} />
        <div className="hero-main">
          <Field path="hero.tagline" value={hero.tagline} as="p" className="hero-tagline" />
          <Field path="hero.headline" value={hero.headline} as="h1" className="hero-headline" id="hero-headline" />
          <Field path="hero.subheadline" value={hero.subheadline} as="p" className="hero-subheadline" />
          <Field path="hero.description" value={hero.description} as="p" className="hero-description" />
          <Card className="hero-prompt" id="hero-prompt" elevation={2}>
            {staff ? (
              <StaffNotice />
            ) : (
              <HeroPromptForm hero={hero} form={form} />
            )}
          </Card>
          <div className="hero-social">
            <Field path="hero.socialText" value={hero.socialText} as="p" className="hero-social-text" />
            <SocialLinks networks={['facebook', 'instagram', 'tiktok', 'youtube']} />
          </div>
        </div>
        <ExampleColumn side="right" column={examples.right} onPick={staff || editing ? undefined : pickExample} />
      </div>
      {showTrial ? (
        <Suspense fallback={null}>
          <HeroIdeas trial={trial} />
        </Suspense>
      ) : null}
      <Field path="hero.bottomText" value={hero.bottomText} as="p" className="hero-bottom" />
    </section>
  );
}

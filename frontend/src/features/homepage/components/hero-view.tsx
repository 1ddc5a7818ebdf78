import './hero-section.css';
import '../../../components/ui/staff-notice.css';
import '../../../components/idea-request/customize-toggle.css';
import type { User } from '@contracts/auth';
import type { HomepageContent } from '@contracts/homepage-content';
import { seededRandom } from '@contracts/seeded-random';
import { type ComponentType, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { type Control, useController, useForm, type UseFormReturn } from 'react-hook-form';
import { CustomizeToggle } from '../../../components/idea-request/customize-toggle';
import { PlainButton, PlainCollapse } from '../../../components/plain/plain-ui';
import { SocialLinks } from '../../../components/ui/social-icons';
import { isPro, isStaff, upgradeHref } from '../../../lib/auth/roles';
import { generatingUrl, type IdeaRequestForm, ideaRequestFormResolver, ideaRequestFormValues } from '../../../lib/idea-request-form';
import { type PendingIdeas, pendingIdeas } from '../../../lib/pending-generation';
import { useHydrated } from '../../../lib/prerender';
import { EditableButtonLook, Field, useIsEditing } from './content-field';
import { randomExamplePrompt } from './example-cards';
import { ExampleColumn, useExampleColumns } from './example-columns';

/** The hero's parts loaded only when needed (the customization fields, a trial visitor's ideas): lazy components given by the caller. */
export interface HeroLazyParts {
  CustomizePanel: ComponentType<{ control: Control<IdeaRequestForm>; enabled: boolean; upgradeTo: string }>;
  HeroIdeas: ComponentType<{ trial: PendingIdeas }>;
}

/** What the hero needs from around it: in the app from its hooks, in a visitor's landing page island from the page itself. */
export interface HeroContext {
  user: User | null;
  /** Goes to a page of the app (the generation screen). */
  go: (url: string) => void;
  /** The idea request a failed generation sent back (history state), read once hydrated. */
  returned: () => unknown;
  parts: HeroLazyParts;
  /** Shown to staff instead of the form. */
  staffNotice?: ReactNode;
}

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

function HeroPromptForm({ hero, form, context }: { hero: HomepageContent['hero']; form: UseFormReturn<IdeaRequestForm>; context: HeroContext }) {
  const { user, go, parts } = context;
  const editing = useIsEditing();
  const [focused, setFocused] = useState(false);
  const [customizeOpen, setCustomizeOpen] = useState(false);
  const [customizeOpened, setCustomizeOpened] = useState(false);
  const placeholder = useRotatingPlaceholder(focused);
  const pro = isPro(user);

  const { field: skillField } = useController({ control: form.control, name: 'skill' });
  const { ref: skillRef, value: skill } = skillField;
  const canSubmit = skill.trim().length > 0 && !form.formState.isSubmitting && !editing;

  const onSubmit = form.handleSubmit((values) => {
    go(generatingUrl(values, { trial: !user, customize: pro }));
  });

  return (
    <form className="hero-form" onSubmit={canSubmit ? onSubmit : (event) => event.preventDefault()} aria-label="Generate income ideas">
      <label htmlFor="hero-skill" className="hero-prompt-label">
        <Field path="hero.prompt" value={hero.prompt} />
      </label>
      <textarea
        id="hero-skill"
        rows={5}
        className="bp6-input bp6-text-area bp6-large bp6-fill hero-textarea"
        placeholder={placeholder}
        disabled={editing}
        name={skillField.name}
        value={skill}
        onChange={(event) => skillField.onChange(event.currentTarget.value)}
        ref={(element) => skillRef(element)}
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
            <PlainButton type="submit" intent="primary" large icon="clean" disabled={!canSubmit}>
              {form.formState.isSubmitting ? 'Generating ideas...' : hero.ctaButton}
            </PlainButton>
          </>
        )}
      </div>
      <PlainCollapse isOpen={customizeOpen && !editing} keepChildrenMounted>
        {customizeOpened ? (
          <Suspense fallback={null}>
            <parts.CustomizePanel control={form.control} enabled={pro} upgradeTo={upgradeHref(user)} />
          </Suspense>
        ) : null}
      </PlainCollapse>
    </form>
  );
}

/**
 * The landing page's hero (spec §4): headline, the idea request form, the example columns. No
 * Blueprint or router code: for a visitor it is an island of the prerendered page (lib/islands),
 * hydrated alone; the app shows it through HeroSection.
 */
export function HeroView({ hero, context }: { hero: HomepageContent['hero']; context: HeroContext }) {
  const { user, parts } = context;
  const editing = useIsEditing();
  const examples = useExampleColumns();
  const staff = isStaff(user) && !editing;
  // What only the browser knows (history state, session storage) is read once a prerendered
  // page is hydrated, so the first render matches the server's.
  const hydrated = useHydrated();
  const returned = hydrated ? context.returned() : null;
  // After a failed generation the request comes back here, so the visitor does not type it again.
  const form = useForm<IdeaRequestForm>({
    resolver: ideaRequestFormResolver,
    defaultValues: ideaRequestFormValues(returned),
  });
  const { reset, getFieldState } = form;
  useEffect(() => {
    if (returned && !getFieldState('skill').isDirty) reset(ideaRequestFormValues(returned));
  }, [returned, reset, getFieldState]);
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
          <div className="hero-prompt bp6-card bp6-elevation-2" id="hero-prompt">
            {staff ? context.staffNotice : <HeroPromptForm hero={hero} form={form} context={context} />}
          </div>
          <div className="hero-social">
            <Field path="hero.socialText" value={hero.socialText} as="p" className="hero-social-text" />
            <SocialLinks networks={['facebook', 'instagram', 'tiktok', 'youtube']} />
          </div>
        </div>
        <ExampleColumn side="right" column={examples.right} onPick={staff || editing ? undefined : pickExample} />
      </div>
      {showTrial ? (
        <Suspense fallback={null}>
          <parts.HeroIdeas trial={trial} />
        </Suspense>
      ) : null}
      <Field path="hero.bottomText" value={hero.bottomText} as="p" className="hero-bottom" />
    </section>
  );
}

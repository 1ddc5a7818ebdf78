import './hero-section.css';
import '../../../components/ui/staff-notice.css';
import '../../../components/idea-request/customize-toggle.css';
import type { User } from '@contracts/auth';
import type { HomepageContent } from '@contracts/homepage-content';
import { type ComponentType, type ReactNode, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CustomizeToggle } from '../../../components/idea-request/customize-toggle';
import { PlainButton, PlainCollapse } from '../../../components/plain/plain-ui';
import { SocialLinks } from '../../../components/ui/social-icons';
import { isPro, isStaff, upgradeHref } from '../../../lib/auth/roles';
import { generatingUrl, type IdeaRequestForm, ideaRequestFormProblems, ideaRequestFormValues } from '../../../lib/idea-request-form';
import { type PendingIdeas, pendingIdeas } from '../../../lib/pending-generation';
import { useHydrated } from '../../../lib/prerender';
import { EditableButtonLook, Field, useIsEditing } from './content-field';
import { type FirstExamples, loadExamplePool, randomExamplePrompt } from './example-cards';
import { ExampleColumn, useExampleColumns } from './example-columns';

/** The customization fields over the hero's values: they start from `values` and report each change. */
export type HeroCustomizeProps = { values: IdeaRequestForm; onChange: (values: IdeaRequestForm) => void; enabled: boolean; upgradeTo: string };

/**
 * The hero's parts loaded only when needed (the customization fields, a trial visitor's ideas): lazy
 * components given by the caller. The form library comes with the customization fields: the hero
 * itself keeps its values in plain state.
 */
export interface HeroLazyParts {
  CustomizePanel: ComponentType<HeroCustomizeProps>;
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
function useRotatingPlaceholder(first: string, paused: boolean) {
  // The first one is the server's (the same in the browser), then random from the pool loaded once live.
  const [placeholder, setPlaceholder] = useState(first);
  useEffect(() => {
    if (paused) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    void loadExamplePool().then((pool) => {
      if (!stopped) timer = setInterval(() => setPlaceholder(randomExamplePrompt(pool)), 3000);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [paused]);
  return paused ? '' : placeholder;
}

/** The hero's idea request in plain state (the customization fields, loaded on demand, report their changes). */
function useHeroForm() {
  const [values, setValues] = useState<IdeaRequestForm>(() => ideaRequestFormValues(null));
  const [touched, setTouched] = useState(false);
  const typeSkill = useCallback((skill: string) => {
    setTouched(true);
    setValues((current) => ({ ...current, skill }));
  }, []);
  const setCustomization = useCallback((customization: IdeaRequestForm) => setValues((current) => ({ ...customization, skill: current.skill })), []);
  return { values, touched, typeSkill, setCustomization, restore: setValues };
}

type HeroForm = ReturnType<typeof useHeroForm>;

function HeroPromptForm({
  hero,
  form,
  skillInput,
  placeholderFirst,
  context,
}: {
  hero: HomepageContent['hero'];
  form: HeroForm;
  skillInput: RefObject<HTMLTextAreaElement | null>;
  placeholderFirst: string;
  context: HeroContext;
}) {
  const { user, go, parts } = context;
  const editing = useIsEditing();
  const [focused, setFocused] = useState(false);
  const [customizeOpen, setCustomizeOpen] = useState(false);
  const [customizeOpened, setCustomizeOpened] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const placeholder = useRotatingPlaceholder(placeholderFirst, focused);
  const pro = isPro(user);
  const skill = form.values.skill;
  const canSubmit = skill.trim().length > 0 && !submitting && !editing;

  const onSubmit = () => {
    const values = form.values;
    if (Object.keys(ideaRequestFormProblems(values)).length > 0) return;
    setSubmitting(true);
    go(generatingUrl(values, { trial: !user, customize: pro }));
  };

  return (
    <form
      className="hero-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) onSubmit();
      }}
      aria-label="Generate income ideas"
    >
      <label htmlFor="hero-skill" className="hero-prompt-label">
        <Field path="hero.prompt" value={hero.prompt} />
      </label>
      <textarea
        id="hero-skill"
        rows={5}
        className="bp6-input bp6-text-area bp6-large bp6-fill hero-textarea"
        placeholder={placeholder}
        disabled={editing}
        name="skill"
        value={skill}
        onChange={(event) => form.typeSkill(event.currentTarget.value)}
        ref={skillInput}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            if (canSubmit) onSubmit();
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
              {submitting ? 'Generating ideas...' : hero.ctaButton}
            </PlainButton>
          </>
        )}
      </div>
      <PlainCollapse isOpen={customizeOpen && !editing} keepChildrenMounted>
        {customizeOpened ? (
          <Suspense fallback={null}>
            <parts.CustomizePanel
              values={form.values}
              onChange={form.setCustomization}
              enabled={pro}
              upgradeTo={upgradeHref(user)}
            />
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
export function HeroView({ hero, examples: first, context }: { hero: HomepageContent['hero']; examples: FirstExamples; context: HeroContext }) {
  const { user, parts } = context;
  const editing = useIsEditing();
  const examples = useExampleColumns(first);
  const staff = isStaff(user) && !editing;
  // What only the browser knows (history state, session storage) is read once a prerendered
  // page is hydrated, so the first render matches the server's.
  const hydrated = useHydrated();
  const returned = hydrated ? context.returned() : null;
  // After a failed generation the request comes back here, so the visitor does not type it again.
  const form = useHeroForm();
  const { touched, restore, typeSkill } = form;
  const skillInput = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    if (returned && !touched) restore(ideaRequestFormValues(returned));
  }, [returned, touched, restore]);
  // A visitor's latest trial ideas, kept in this tab until they sign up.
  const trial = useMemo(() => (hydrated ? pendingIdeas.read() : null), [hydrated]);
  const showTrial = trial !== null && trial.ideas.length > 0 && !user && !editing;

  // A click on an example card puts its prompt in the textarea.
  const pickExample = (prompt: string) => {
    typeSkill(prompt);
    skillInput.current?.focus();
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
            {staff ? context.staffNotice : <HeroPromptForm hero={hero} form={form} skillInput={skillInput} placeholderFirst={first.placeholder} context={context} />}
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

import './how-it-works-section.css';
import { Button, Card } from '@blueprintjs/core';
import type { HomepageContent } from '@contracts/homepage-content';
import { EditableButtonLook, Field, useIsEditing } from './content-field';
import { scrollToAnchor } from '../../../lib/scroll';

export function HowItWorksSection({ content }: { content: HomepageContent['howItWorks'] }) {
  const editing = useIsEditing();
  return (
    <section className="section how-it-works" id="how-it-works" aria-labelledby="how-it-works-heading">
      <header className="section-header">
        <Field path="howItWorks.subheading" value={content.subheading} as="p" className="section-eyebrow" />
        <Field path="howItWorks.mainHeading" value={content.mainHeading} as="h2" className="section-title" id="how-it-works-heading" />
        <Field path="howItWorks.description" value={content.description} as="p" className="section-description" />
      </header>
      <ol className="steps">
        {content.steps.map((step, index) => (
          <li key={index}>
            <Card className="step-card" elevation={1}>
              <span className="step-number" aria-hidden="true">
                {step.number}
              </span>
              <Field path={`howItWorks.steps.${index}.title`} value={step.title} as="h3" className="step-title" />
              <Field path={`howItWorks.steps.${index}.description`} value={step.description} as="p" className="step-description" />
            </Card>
          </li>
        ))}
      </ol>
      <div className="section-cta">
        {editing ? (
          <EditableButtonLook primary large>
            <Field path="howItWorks.ctaButton" value={content.ctaButton} />
          </EditableButtonLook>
        ) : (
          <Button intent="primary" size="large" endIcon="arrow-up" data-scroll-to="hero-prompt" onClick={() => scrollToAnchor('hero-prompt')}>
            {content.ctaButton}
          </Button>
        )}
      </div>
    </section>
  );
}

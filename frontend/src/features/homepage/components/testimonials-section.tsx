import './testimonials-section.css';
import { Button, Card, Icon, Tag } from '@blueprintjs/core';
import type { HomepageContent } from '@contracts/homepage-content';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { EditableButtonLook, Field, useIsEditing } from './content-field';
import { scrollToAnchor } from '../../../lib/scroll';

export function TestimonialsSection({ content }: { content: HomepageContent['testimonials'] }) {
  const editing = useIsEditing();
  return (
    <section className="section testimonials" id="testimonials" aria-labelledby="testimonials-heading">
      <header className="section-header">
        <Field path="testimonials.subheading" value={content.subheading} as="p" className="section-eyebrow" />
        <Field path="testimonials.mainHeading" value={content.mainHeading} as="h2" className="section-title" id="testimonials-heading" />
        <Field path="testimonials.description" value={content.description} as="p" className="section-description" />
      </header>
      <ul className="testimonial-grid">
        {content.items.map((item, index) => (
          <li key={index}>
            <Card className="testimonial-card" elevation={1}>
              <div className="testimonial-person">
                <InitialsAvatar name={item.name} size={44} />
                <div>
                  <Field path={`testimonials.items.${index}.name`} value={item.name} as="div" className="testimonial-name" />
                  <Field path={`testimonials.items.${index}.handle`} value={item.handle} as="div" className="testimonial-handle" />
                </div>
                <Tag intent="success" minimal round className="testimonial-badge">
                  <Field path={`testimonials.items.${index}.badge`} value={item.badge} />
                </Tag>
              </div>
              <blockquote className="testimonial-quote">
                <Field path={`testimonials.items.${index}.quote`} value={item.quote} as="p" />
              </blockquote>
              <ul className="testimonial-achievements">
                {item.achievements.map((achievement, a) => (
                  <li key={a}>
                    <Icon icon="tick-circle" intent="success" size={14} />
                    <Field path={`testimonials.items.${index}.achievements.${a}`} value={achievement} />
                  </li>
                ))}
              </ul>
              {editing ? (
                <EditableButtonLook>
                  <Field path={`testimonials.items.${index}.buttonText`} value={item.buttonText} />
                </EditableButtonLook>
              ) : (
                <Button variant="outlined" fill data-scroll-to="hero-prompt" onClick={() => scrollToAnchor('hero-prompt')}>
                  {item.buttonText}
                </Button>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

import './pricing-section.css';
import { Card, Icon, Tag } from '@blueprintjs/core';
import type { HomepageContent } from '@contracts/homepage-content';
import { RouterButton } from '../../../components/ui/router-button';
import { EditableButtonLook, Field, useIsEditing } from './content-field';

/** Spec §2: pricing buttons go to /auth?tab=signup, and do nothing in edit mode. */
export function PricingSection({ content }: { content: HomepageContent['pricing'] }) {
  const editing = useIsEditing();
  return (
    <section className="section pricing" id="pricing" aria-labelledby="pricing-heading">
      <header className="section-header">
        <Field path="pricing.subheading" value={content.subheading} as="p" className="section-eyebrow" rich />
        <Field path="pricing.mainHeading" value={content.mainHeading} as="h2" className="section-title" id="pricing-heading" rich />
        <Field path="pricing.description" value={content.description} as="p" className="section-description" rich />
      </header>
      <ul className="pricing-grid">
        {content.tiers.map((tier, index) => {
          const base = `pricing.tiers.${index}`;
          const primary = tier.buttonVariant === 'default' || tier.highlighted;
          return (
            <li key={index}>
              <Card className={`pricing-card ${tier.highlighted ? 'is-highlighted' : ''}`} elevation={tier.highlighted ? 3 : 1}>
                {tier.highlighted ? (
                  <Tag intent="primary" round className="most-popular">
                    MOST POPULAR
                  </Tag>
                ) : null}
                <Field path={`${base}.name`} value={tier.name} as="h3" className="tier-name" rich />
                <div className="tier-price">
                  <Field path={`${base}.price`} value={tier.price} className="tier-amount" rich />
                  <Field path={`${base}.period`} value={tier.period} className="tier-period" rich />
                </div>
                <Field path={`${base}.description`} value={tier.description} as="p" className="tier-description" rich />
                <ul className="tier-features">
                  {tier.features.map((feature, f) => (
                    <li key={f}>
                      <Icon icon="tick" intent="success" size={14} />
                      <Field path={`${base}.features.${f}`} value={feature} rich />
                    </li>
                  ))}
                </ul>
                <div className="tier-action">
                  {editing ? (
                    <EditableButtonLook primary={primary} large>
                      <Field path={`${base}.buttonText`} value={tier.buttonText} rich />
                    </EditableButtonLook>
                  ) : (
                    <RouterButton
                      to="/auth?tab=signup"
                      intent={primary ? 'primary' : 'none'}
                      variant={primary ? 'solid' : 'outlined'}
                      size="large"
                      fill
                      text={<Field path={`${base}.buttonText`} value={tier.buttonText} rich />}
                    />
                  )}
                </div>
                <Field path={`${base}.userCount`} value={tier.userCount} as="p" className="tier-users" rich />
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="pricing-guarantee">
        <Icon icon="shield" intent="success" />
        <Field path="pricing.guarantee" value={content.guarantee} rich />
      </p>
    </section>
  );
}

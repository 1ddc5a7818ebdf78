import './landing-sections.css';
import type { HomepageContent } from '@contracts/homepage-content';
import { FooterSection } from './footer-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { PricingSection } from './pricing-section';
import { TestimonialsSection } from './testimonials-section';

/** Spec §2 landing: hero prompt, How it works, testimonials, pricing, footer. */
export function LandingSections({ content }: { content: HomepageContent }) {
  return (
    <div className="landing">
      <HeroSection hero={content.hero} />
      <HowItWorksSection content={content.howItWorks} />
      <TestimonialsSection content={content.testimonials} />
      <PricingSection content={content.pricing} />
      <FooterSection content={content.footer} />
    </div>
  );
}

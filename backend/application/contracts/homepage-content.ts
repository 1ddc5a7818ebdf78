import { z } from 'zod';
import { monthlyAllowances } from '../../domain/credits/allowances';
import { defaultIdeaCount } from '../../domain/ideas/default-idea-count';
import { text as boundedText } from './text';

/**
 * Homepage content (member-product spec §3), edited in place by admins on `/?editMode=true`.
 * Shared by `GET /api/homepage-content`, `PUT /api/admin/homepage-content` (body = the content itself)
 * and the landing page. Pricing texts may carry the small HTML the editor toolbar produces
 * (colour spans, decorative underline, bold); the server sanitises them before storing.
 */

const text = (max = 2000) => boundedText({ max });
const SITE = 'https://site.invalid';

/**
 * Why a link is refused, or undefined when it is fine: an in-page anchor, a path that stays on
 * this site once a browser has parsed it (browsers drop tabs and newlines and read `\` as `/`,
 * so `/\evil.example` and `/<tab>/evil.example` leave the site), or an explicit http(s)
 * address (the spec's social links go to other sites).
 */
export function linkProblem(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return 'Links must not contain backslashes or control characters';
  if (value.startsWith('#')) return undefined;
  if (value.startsWith('/')) {
    try {
      if (new URL(value, SITE).origin === SITE) return undefined;
    } catch {
      // falls through
    }
    return 'Links starting with / must stay on this site (use https:// for another site)';
  }
  if (/^https?:\/\//i.test(value)) {
    try {
      if (new URL(value).hostname) return undefined;
    } catch {
      // falls through
    }
    return 'Links must be valid web addresses';
  }
  return 'Links must start with /, # or http(s)://';
}

/** Relative app paths, in-page anchors or web links; never `javascript:` and friends. */
const href = boundedText({ max: 500 }).superRefine((value, ctx) => {
  const problem = linkProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const heroContentSchema = z.object({
  tagline: text(),
  headline: text(),
  subheadline: text(),
  description: text(),
  /** Label of the skill textarea. */
  prompt: text(),
  ctaButton: text(200),
  customizeButton: text(200),
  socialText: text(),
  bottomText: text(),
});

export const howItWorksStepSchema = z.object({
  number: z.number().int().min(0).max(99),
  title: text(),
  description: text(),
});

export const howItWorksContentSchema = z.object({
  mainHeading: text(),
  subheading: text(),
  description: text(),
  steps: z.array(howItWorksStepSchema).max(8),
  ctaButton: text(200),
});

export const testimonialSchema = z.object({
  name: text(200),
  handle: text(200),
  quote: text(),
  achievements: z.array(text(500)).max(10),
  buttonText: text(200),
  badge: text(200),
});

export const testimonialsContentSchema = z.object({
  mainHeading: text(),
  subheading: text(),
  description: text(),
  items: z.array(testimonialSchema).max(12),
});

export const pricingTierSchema = z.object({
  name: text(),
  price: text(),
  period: text(),
  description: text(),
  features: z.array(text()).max(20),
  highlighted: z.boolean(),
  buttonText: text(),
  /** `default` is the filled call to action, `outline` the quieter one. */
  buttonVariant: z.enum(['default', 'outline']),
  userCount: text(),
});

export const pricingContentSchema = z.object({
  mainHeading: text(),
  subheading: text(),
  description: text(),
  guarantee: text(),
  tiers: z.array(pricingTierSchema).max(6),
});

export const footerLinkSchema = z.object({ text: text(200), href });

export const footerContentSchema = z.object({
  tagline: text(),
  links: z.array(footerLinkSchema).max(20),
  copyright: text(500),
});

export const homepageContentSchema = z.object({
  hero: heroContentSchema,
  howItWorks: howItWorksContentSchema,
  testimonials: testimonialsContentSchema,
  pricing: pricingContentSchema,
  footer: footerContentSchema,
});
export type HomepageContent = z.infer<typeof homepageContentSchema>;

/** "1 idea set of 12 ideas a month", "3 idea sets of 12 ideas a month". */
const perMonth = (count: number, one: string, many: string, detail = '') =>
  `${count} ${count === 1 ? one : many}${detail} a month`;
const free = monthlyAllowances.free;
const pro = monthlyAllowances.pro;

/**
 * What visitors see until an admin saves something else; the server serves it when nothing is stored.
 * Counts come from where they are decided: the idea count from the default settings
 * (domain/ideas/default-idea-count.ts), the tiers' allowances from domain/credits/allowances.ts.
 */
export const defaultHomepageContent: HomepageContent = {
  hero: {
    tagline: 'Powered by AI, Operated by Humans',
    headline: 'Turn Your Skills Into Income',
    subheadline: `Tell us what you are good at. Our AI returns ${defaultIdeaCount} income ideas grouped by category in 15-30 seconds.`,
    description:
      'Freelance gigs, online products, local services and social media: pick an idea and get a 7-day action plan with milestones and tasks to start earning.',
    prompt: 'What skill or passion do you have?',
    ctaButton: 'Generate Income Ideas',
    customizeButton: 'Customize Request',
    socialText: 'Follow us for daily income ideas',
    bottomText: 'Join 1208+ free and 388+ pro members turning their skills into income.',
  },
  howItWorks: {
    mainHeading: 'How It Works',
    subheading: 'From skill to income in four steps',
    description: 'No business plan, no guesswork: share what you can do and follow a plan built around it.',
    steps: [
      {
        number: 1,
        title: 'Share Your Skills',
        description: 'Type a skill or passion, from graphic design to baking. Pro members can add their level, hours, goals and resume.',
      },
      {
        number: 2,
        title: `Get ${defaultIdeaCount} Income Ideas`,
        description: 'Our AI returns ideas grouped by category: marketplace gigs, online, local and social media.',
      },
      {
        number: 3,
        title: 'Follow Your Plan',
        description: 'Turn an idea into a 7-day action plan with milestones and tasks, and track your progress in your dashboard.',
      },
      {
        number: 4,
        title: 'Keep Growing',
        description: 'Join live daily classes, learn with the community and unlock new growth plans as you go.',
      },
    ],
    ctaButton: 'Start With Your Skill',
  },
  testimonials: {
    mainHeading: 'Success Stories',
    subheading: 'Real sellers, real results',
    description: 'Freelancers on the largest gig marketplace used Skilly to find their first offers and grow them.',
    items: [
      {
        name: 'Maria Gonzalez',
        handle: '@mariadesigns',
        quote:
          'I knew I could design but had no idea what to sell. Skilly gave me gig ideas with prices and a plan for the first week. My logo gig got its first order on day five.',
        achievements: ['Level 2 Seller', 'First order in 5 days', '4.9 average rating'],
        buttonText: 'Try It With Your Skill',
        badge: 'Top Rated',
      },
      {
        name: 'James Carter',
        handle: '@jamesedits',
        quote:
          'The action plan broke everything into small tasks. I followed it step by step and now video editing pays more than my part-time job did.',
        achievements: ['120+ orders completed', 'Repeat clients every month', 'Full-time freelancer'],
        buttonText: 'Try It With Your Skill',
        badge: 'Level 2 Seller',
      },
      {
        name: 'Aisha Khan',
        handle: '@aishawrites',
        quote:
          'I typed "copywriting" expecting generic advice. Instead I got specific gig ideas with pricing and a plan. The weekly milestones kept me going.',
        achievements: ['Rising Talent', '35 five-star reviews', 'Prices doubled in 3 months'],
        buttonText: 'Try It With Your Skill',
        badge: 'Rising Talent',
      },
    ],
  },
  pricing: {
    mainHeading: 'Simple, Transparent Pricing',
    subheading: 'Choose the plan that fits your goals',
    description: 'Start free and upgrade when you are ready to grow faster.',
    guarantee: '14-day money-back guarantee',
    tiers: [
      {
        name: 'Starter',
        price: 'Free',
        period: 'forever',
        description: 'Everything you need to find your first income idea.',
        features: [
          perMonth(free.idea, 'idea set', 'idea sets', ` of ${defaultIdeaCount} ideas`),
          perMonth(free.plan, 'action plan', 'action plans'),
          perMonth(free.help, 'AI help request', 'AI help requests'),
          'Basic 7-day action plans',
          'Community forums',
          'Email support',
        ],
        highlighted: false,
        buttonText: 'Get Started Free',
        buttonVariant: 'outline',
        userCount: '500+ creators',
      },
      {
        name: 'Professional',
        price: '$13.99',
        period: 'per month',
        description: 'For creators turning a skill into a steady income.',
        features: [
          perMonth(pro.idea, 'idea set', 'idea sets', ` of ${defaultIdeaCount} ideas`),
          perMonth(pro.plan, 'action plan', 'action plans'),
          perMonth(pro.help, 'AI help request', 'AI help requests'),
          'Advanced 7-day action plans',
          'Personalized strategies',
          'Priority support',
          'Gig optimization tools',
          'Monthly group coaching',
        ],
        highlighted: true,
        buttonText: 'Go Professional',
        buttonVariant: 'default',
        userCount: '1,200+ creators',
      },
      {
        name: 'Enterprise',
        price: '$99',
        period: 'per month',
        description: 'For agencies and teams building together.',
        features: [
          'Everything in Professional',
          'AI allowances sized for your team',
          'White-label',
          'Team tools for up to 5 members',
          '1-on-1 sessions',
          'Custom integrations',
          'Dedicated account manager',
        ],
        highlighted: false,
        buttonText: 'Contact Sales',
        buttonVariant: 'outline',
        userCount: '100+ teams',
      },
    ],
  },
  footer: {
    tagline: 'Powered by AI, Operated by Humans',
    links: [
      { text: 'Company', href: '/company' },
      { text: 'FAQs', href: '/faqs' },
      { text: 'Blog', href: '/blog' },
      { text: 'Contact', href: '/contact' },
      { text: 'Privacy', href: '/privacy' },
      { text: 'Terms', href: '/terms' },
      { text: 'Home', href: '/' },
    ],
    copyright: '© 2025 Skilly. All rights reserved.',
  },
};

/**
 * Body of `PUT /api/admin/homepage-content`: `{ content }` as back-office §7 writes it; the
 * bare content object is accepted too.
 */
export const saveHomepageContentRequestSchema = z.union([
  z.object({ content: homepageContentSchema }).strict(),
  homepageContentSchema,
]);

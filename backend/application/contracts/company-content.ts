import { z } from 'zod';
import { linkProblem } from './homepage-content';
import { text as boundedText } from './text';

/**
 * Company page content (back-office §3), edited in place by admins on `/company`. Shared by
 * `GET /api/company-content`, `PUT /api/admin/company-content` (body `{ content }`) and the page.
 * The subtitle may carry the editor toolbar's small HTML (colour, decorative underline, bold); the
 * server sanitises it before storing. Everything else is plain text.
 */

/** The badge icons the page knows (§3); any other name is drawn with Zap. */
export const founderBadgeIcons = ['Crown', 'Code2', 'Zap', 'Boxes', 'Globe', 'Star', 'Briefcase', 'Sparkles'] as const;
export type FounderBadgeIcon = (typeof founderBadgeIcons)[number];
export const FALLBACK_BADGE_ICON: FounderBadgeIcon = 'Zap';

const text = (max: number) => boundedText({ max });

/** A link a founder card opens: a web address or a path on this site (never `javascript:`). */
const link = boundedText({ max: 500 }).superRefine((value, ctx) => {
  if (value === '') return;
  const problem = linkProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const founderBadgeSchema = z.object({
  label: text(60),
  value: text(120),
  /** One of `founderBadgeIcons`; an unknown name is kept and drawn with the fallback. */
  icon: text(40),
});

export const founderSchema = z.object({
  name: text(120),
  description: text(3000),
  /** `/api/files/founder-images/…` (an upload) or a web address; empty for none. */
  imageUrl: link,
  badges: z.array(founderBadgeSchema).max(12),
  fiverrUrl: link,
});

export const companyContentSchema = z.object({
  title: text(200),
  /** Rich HTML (sanitised on save). */
  subtitle: text(4000),
  founders: z.array(founderSchema).max(6),
});

export type CompanyContent = z.infer<typeof companyContentSchema>;

/** The content as served: checked when it was saved, so plain types (the compiled serializer sends them as they are). */
export const companyContentResponseSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  founders: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      imageUrl: z.string(),
      badges: z.array(z.object({ label: z.string(), value: z.string(), icon: z.string() })),
      fiverrUrl: z.string(),
    }),
  ),
});
export type Founder = z.infer<typeof founderSchema>;
export type FounderBadge = z.infer<typeof founderBadgeSchema>;

export const saveCompanyContentRequestSchema = z.object({ content: companyContentSchema });

/** The multipart field of POST /api/admin/upload-founder-image. */
export const FOUNDER_IMAGE_FIELD = 'founderImage';
export const FOUNDER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const founderImageTooLarge = 'Founder image must be less than 5MB';
export const uploadFounderImageResponseSchema = z.object({ imageUrl: z.string() });

/** §3 defaults: two founders with 8 badges each. */
export const defaultCompanyContent: CompanyContent = {
  title: 'WHO WE ARE',
  subtitle:
    'Two builders who turned their own skills into income, and built Skilly so you can do the same. <span class="text-green">Powered by AI, Operated by Humans.</span>',
  founders: [
    {
      name: 'Alex Carter',
      description:
        'Alex has sold services on freelance marketplaces for years, from a first five-dollar gig to a top-rated shop. He shapes what Skilly suggests, so every idea is one a real person can start this week.',
      imageUrl: '',
      badges: [
        { label: 'Role', value: 'Co-Founder & CEO', icon: 'Crown' },
        { label: 'Focus', value: 'Product & Growth', icon: 'Sparkles' },
        { label: 'XP Level', value: '10+ years', icon: 'Zap' },
        { label: 'Stack', value: 'Strategy, Marketing', icon: 'Boxes' },
        { label: 'Timezone', value: 'EST (UTC-5)', icon: 'Globe' },
        { label: 'Fiverr Level', value: 'Top Rated', icon: 'Star' },
        { label: 'Projects', value: '500+ delivered', icon: 'Briefcase' },
        { label: 'Vibe', value: 'Ship it today', icon: 'Sparkles' },
      ],
      fiverrUrl: 'https://www.fiverr.com/',
    },
    {
      name: 'Jordan Lee',
      description:
        'Jordan builds the product: the AI that drafts your ideas and plans, and the humans-in-the-loop checks behind it. Before Skilly, Jordan shipped web apps for clients on every continent.',
      imageUrl: '',
      badges: [
        { label: 'Role', value: 'Co-Founder & CTO', icon: 'Crown' },
        { label: 'Focus', value: 'AI & Engineering', icon: 'Code2' },
        { label: 'XP Level', value: '8+ years', icon: 'Zap' },
        { label: 'Stack', value: 'TypeScript, React, Node', icon: 'Boxes' },
        { label: 'Timezone', value: 'CET (UTC+1)', icon: 'Globe' },
        { label: 'Fiverr Level', value: 'Level 2 Seller', icon: 'Star' },
        { label: 'Projects', value: '300+ delivered', icon: 'Briefcase' },
        { label: 'Vibe', value: 'Calm under deadlines', icon: 'Sparkles' },
      ],
      fiverrUrl: 'https://www.fiverr.com/',
    },
  ],
};

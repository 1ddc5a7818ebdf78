import type { Kysely, Migration } from 'kysely';
import { monthlyAllowances, type CreditCounts } from '../../domain/credits/allowances';
import { defaultIdeaCount } from '../../domain/ideas/default-idea-count';
import { proPrice } from '../contracts/billing';
import { defaultContactContent } from '../contracts/contact';
import type { PlatformCategory } from '../contracts/platforms';
import type { FaqsTable } from './faq-tables';
import type { PlatformLinksTable } from './platform-link-tables';

/**
 * What /faqs shows on a fresh install, instead of "No FAQs yet" and "No platforms yet": the
 * questions the product answers elsewhere (credits, Pro, refunds, plans, support), worded from
 * the rules that decide them, and a directory of real platforms over the 12 categories of
 * back-office §9. Written once, by a migration: from then on they are rows like any other,
 * edited or deleted by admins, and never come back.
 */

const allowanceText = (counts: CreditCounts) =>
  `${counts.idea} idea ${counts.idea === 1 ? 'set' : 'sets'}, ${counts.plan} action ${counts.plan === 1 ? 'plan' : 'plans'}, ` +
  `${counts.milestone} milestone ${counts.milestone === 1 ? 'credit' : 'credits'} and ${counts.help} help ${counts.help === 1 ? 'request' : 'requests'}`;
const usd = (amount: number) => `$${amount.toFixed(2)}`;
const { free, pro } = monthlyAllowances;
const contact = defaultContactContent;

/** The starter FAQ, in display order. */
export const starterFaqs: readonly { question: string; answer: string }[] = [
  {
    question: 'What is Skilly?',
    answer:
      `Skilly turns a skill or passion into income. Type what you are good at and our AI returns ${defaultIdeaCount} income ideas grouped by category ` +
      '(marketplace gigs, online, local and social media) in 15-30 seconds. Turn an idea into an action plan with milestones and tasks, and follow it from your dashboard. ' +
      'Powered by AI, Operated by Humans.',
  },
  {
    question: 'How do credits work?',
    answer:
      `Every month you get a set of credits. Free Forever: ${allowanceText(free)}. Skilly Pro: ${allowanceText(pro)}.\n` +
      'Generating ideas uses an idea set, turning an idea into a plan uses 1 plan credit, unlocking the next milestone of a plan uses a milestone credit, and asking for help on a task uses a help request. ' +
      'Your credits renew each month on your reset date; your dashboard shows what is left and counts down to the next reset.',
  },
  {
    question: 'What does Skilly Pro cost, and what do I get?',
    answer:
      `Skilly Pro costs ${usd(proPrice.amount)} a month (instead of ${usd(proPrice.listAmount)}). You get ${allowanceText(pro)} every month, ` +
      'custom idea prompt tools (skill level, hours, income goal, timeline and resume), live 1-on-1 sessions, and the resources library when it opens. ' +
      'Upgrade from the Go Pro page.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'Yes, within 7 days of paying: contact support and we will refund you. After that, payments are not refunded for partial billing periods unless the law requires it.',
  },
  {
    question: 'Can I cancel my subscription?',
    answer:
      'Yes, at any time. Open Manage Subscription on your profile and cancel; you keep Pro until the end of the billing period you paid for, then your account returns to Free Forever.',
  },
  {
    question: 'How do action plans work?',
    answer:
      'Pick an idea and press Generate Plan: Skilly builds a plan of weekly milestones, each with tasks, free and paid resources and success criteria. ' +
      'Tick tasks off as you go; the next milestone unlocks once you have completed the previous ones. Stuck on a task? Press Ask for help for advice on that task.',
  },
  {
    question: 'How do I contact support?',
    answer:
      'Signed in, open Support and create a ticket: you chat with our team there and see every answer. Not signed in, or no account yet? ' +
      `Use the contact page or write to ${contact.emailValue}. We reply within 24-48 hours (${contact.hoursValue}).`,
  },
];

/** The starter platform directory: real platforms, three per §9 category, at their https addresses. */
export const starterPlatforms: readonly { platformName: string; category: PlatformCategory; url: string; description: string }[] = [
  { platformName: 'Fiverr', category: 'Freelance Marketplaces', url: 'https://www.fiverr.com', description: 'Sell fixed-price gigs, from logos to voice-overs, to buyers worldwide.' },
  { platformName: 'Upwork', category: 'Freelance Marketplaces', url: 'https://www.upwork.com', description: 'Bid on client projects and build long-term freelance relationships.' },
  { platformName: 'Freelancer', category: 'Freelance Marketplaces', url: 'https://www.freelancer.com', description: 'Compete for projects and contests across hundreds of skill categories.' },
  { platformName: 'Etsy', category: 'E-Commerce & Print-On-Demand', url: 'https://www.etsy.com', description: 'Sell handmade goods, vintage items and digital downloads.' },
  { platformName: 'Shopify', category: 'E-Commerce & Print-On-Demand', url: 'https://www.shopify.com', description: 'Build your own online store and sell anywhere.' },
  { platformName: 'Printful', category: 'E-Commerce & Print-On-Demand', url: 'https://www.printful.com', description: 'Put your designs on products that are printed and shipped on demand.' },
  { platformName: 'Udemy', category: 'Education & Coaching', url: 'https://www.udemy.com', description: 'Publish video courses to a large marketplace of learners.' },
  { platformName: 'Teachable', category: 'Education & Coaching', url: 'https://www.teachable.com', description: 'Sell courses and coaching from your own branded school.' },
  { platformName: 'Preply', category: 'Education & Coaching', url: 'https://preply.com', description: 'Tutor languages and other subjects one-on-one online.' },
  { platformName: 'YouTube', category: 'Content & Social Media Platforms', url: 'https://www.youtube.com', description: 'Publish videos and earn from ads, memberships and sponsorships.' },
  { platformName: 'TikTok', category: 'Content & Social Media Platforms', url: 'https://www.tiktok.com', description: 'Grow an audience with short videos and monetise it.' },
  { platformName: 'Instagram', category: 'Content & Social Media Platforms', url: 'https://www.instagram.com', description: 'Share photos, reels and stories, and work with brands.' },
  { platformName: 'Patreon', category: 'Community & Subscription Platforms', url: 'https://www.patreon.com', description: 'Earn monthly income from members who support your work.' },
  { platformName: 'Substack', category: 'Community & Subscription Platforms', url: 'https://substack.com', description: 'Run a newsletter with free and paid subscriptions.' },
  { platformName: 'Skool', category: 'Community & Subscription Platforms', url: 'https://www.skool.com', description: 'Host a paid community with courses and events.' },
  { platformName: 'Bubble', category: 'No-Code / SaaS Builders', url: 'https://bubble.io', description: 'Build web apps without code and sell them as a service.' },
  { platformName: 'Webflow', category: 'No-Code / SaaS Builders', url: 'https://webflow.com', description: 'Design and launch websites for clients without writing code.' },
  { platformName: 'Glide', category: 'No-Code / SaaS Builders', url: 'https://www.glideapps.com', description: 'Turn spreadsheets into apps for businesses and teams.' },
  { platformName: 'Twitch', category: 'Gaming & Web3', url: 'https://www.twitch.tv', description: 'Stream games live and earn from subscriptions, bits and ads.' },
  { platformName: 'Roblox Creator Hub', category: 'Gaming & Web3', url: 'https://create.roblox.com', description: 'Build games and items for Roblox players and earn Robux.' },
  { platformName: 'OpenSea', category: 'Gaming & Web3', url: 'https://opensea.io', description: 'Create and sell digital collectibles.' },
  { platformName: 'TaskRabbit', category: 'Offline Hustles & Local Services', url: 'https://www.taskrabbit.com', description: 'Get paid for local jobs: furniture assembly, moving help, repairs.' },
  { platformName: 'Thumbtack', category: 'Offline Hustles & Local Services', url: 'https://www.thumbtack.com', description: 'Find local clients for home, event and lesson services.' },
  { platformName: 'Rover', category: 'Offline Hustles & Local Services', url: 'https://www.rover.com', description: 'Offer pet sitting and dog walking in your area.' },
  { platformName: 'LinkedIn', category: 'Corporate & Professional Platforms', url: 'https://www.linkedin.com', description: 'Find consulting clients and professional opportunities.' },
  { platformName: 'Toptal', category: 'Corporate & Professional Platforms', url: 'https://www.toptal.com', description: 'Join a vetted network of senior freelancers for company projects.' },
  { platformName: 'Catalant', category: 'Corporate & Professional Platforms', url: 'https://gocatalant.com', description: 'Take on consulting projects for enterprise clients.' },
  { platformName: 'Amazon Associates', category: 'Affiliate & Creator Tools', url: 'https://affiliate-program.amazon.com', description: 'Earn commissions by recommending products you like.' },
  { platformName: 'Gumroad', category: 'Affiliate & Creator Tools', url: 'https://gumroad.com', description: 'Sell digital products, memberships and downloads directly to fans.' },
  { platformName: 'Linktree', category: 'Affiliate & Creator Tools', url: 'https://linktr.ee', description: 'One link in your bio for all your offers and affiliate links.' },
  { platformName: 'Amazon Mechanical Turk', category: 'Micro-Task & Gig Platforms', url: 'https://www.mturk.com', description: 'Complete small online tasks for pay.' },
  { platformName: 'Clickworker', category: 'Micro-Task & Gig Platforms', url: 'https://www.clickworker.com', description: 'Paid micro-jobs: writing, tagging, surveys and testing.' },
  { platformName: 'Prolific', category: 'Micro-Task & Gig Platforms', url: 'https://www.prolific.com', description: 'Take part in paid academic and research studies.' },
  { platformName: 'OpenAI GPT Store', category: 'AI-Driven & Automation Platforms', url: 'https://chatgpt.com/gpts', description: 'Publish custom GPTs built on your expertise.' },
  { platformName: 'Zapier', category: 'AI-Driven & Automation Platforms', url: 'https://zapier.com', description: 'Build automations for businesses as a service.' },
  { platformName: 'Make', category: 'AI-Driven & Automation Platforms', url: 'https://www.make.com', description: 'Design visual automation workflows for clients.' },
];

/**
 * Writes the starter FAQ and directory into tables that are still empty (an install that already
 * holds an admin's entries keeps exactly those). Ids are fixed so every install has the same rows.
 */
export const starterContentMigration: Migration = {
  async up(untyped) {
    // A migration gets an untyped database; this one knows the two tables it fills.
    const db = untyped as Kysely<{ faqs: FaqsTable; platform_links: PlatformLinksTable }>;
    const now = new Date();
    const hasFaqs = await db.selectFrom('faqs').select('id').limit(1).executeTakeFirst();
    if (!hasFaqs) {
      await db
        .insertInto('faqs')
        .values(starterFaqs.map((faq, i) => ({ id: `starter-faq-${i + 1}`, question: faq.question, answer: faq.answer, order_index: i + 1, created_at: now })))
        .execute();
    }
    const hasPlatforms = await db.selectFrom('platform_links').select('id').limit(1).executeTakeFirst();
    if (!hasPlatforms) {
      await db
        .insertInto('platform_links')
        .values(
          starterPlatforms.map((platform, i) => ({
            id: `starter-platform-${i + 1}`,
            platform_name: platform.platformName,
            category: platform.category,
            url: platform.url,
            logo_url: null,
            description: platform.description,
            // One millisecond apart: the directory lists by creation time, in the §9 order.
            created_at: new Date(now.getTime() + i),
          })),
        )
        .execute();
    }
  },
};

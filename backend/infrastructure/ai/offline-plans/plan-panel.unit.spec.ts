import { beforeAll, describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../../application/ai/ai-settings';
import { parseGeneratedMilestone, parseGeneratedPlan, parseTaskHelp } from '../../../application/ai/plan-parse';
import { buildMilestonePromptInput, buildPlanPromptInput, buildTaskHelpPromptInput } from '../../../application/ai/plan-prompt';
import type { GeneratedMilestone } from '../../../application/ai/plan-answer';
import { planLimits } from '../../../domain/plans/plan-limits';
import { OfflinePlanGenerator } from '../offline-plan-generator';

/**
 * Issue 38: a panel of ideas written by hand in the shape the offline idea generator writes them
 * (its titles, descriptions and categories), at least one for every channel and every kind of
 * work. For each six-week plan, detailed week by week as a member unlocks them: no task or
 * resource names another channel, the overview keeps the skill's words, week 1 sets up the
 * idea's own channel and every week stays on it, plans of different channels share less than
 * half of their tasks and resources, and task help names the words of its task.
 */

const generator = new OfflinePlanGenerator();

/** The words that name each channel: none may appear in a plan for another channel. */
const channelWords: Record<string, string[]> = {
  fiverr: ['Fiverr'],
  upwork: ['Upwork'],
  etsy: ['Etsy'],
  gumroad: ['Gumroad'],
  teachable: ['Teachable', 'Udemy'],
  youtube: ['YouTube'],
  tiktok: ['TikTok'],
  instagram: ['Instagram', 'reel'],
  pinterest: ['Pinterest', 'pin'],
  linkedin: ['LinkedIn'],
  twitch: ['Twitch'],
  substack: ['Substack', 'newsletter'],
  patreon: ['Patreon'],
  discord: ['Discord'],
  eventbrite: ['Eventbrite'],
  website: ['website', 'WordPress', 'Carrd', 'Squarespace'],
  'walk-in': ['high street', 'local business'],
  'google-business': ['Google Business Profile', 'Google Maps', 'Google review'],
  nextdoor: ['Nextdoor'],
  thumbtack: ['Thumbtack'],
  market: ['market', 'craft fair'],
  venues: ['venue', 'wedding', 'The Knot', 'WeddingWire'],
  community: ['noticeboard', 'community centre'],
};

interface PanelIdea {
  channel: keyof typeof channelWords;
  /** The member's skill, as the idea generator read it. */
  skill: string;
  title: string;
  description: string;
  category: string;
  /** Whether the plan request carries the skill (ideas the generator did not write need it for their skill's words). */
  carriesSkill?: boolean;
}

const panel: PanelIdea[] = [
  {
    channel: 'fiverr',
    skill: 'logo design',
    title: 'Logo Design Gig in Three Packages',
    description: 'Publish one Fiverr gig that sells logo design in three clear packages, so buyers can start small and upgrade. Spell out what each tier includes (deliverables, revisions, delivery time) and work from a checklist so every order takes less time than the last. Price the basic tier low until your first five reviews, then raise it, and share the gig where small brands ask for help. Reviews compound on Fiverr: every good order makes the next one easier to win.',
    category: 'fiverr',
  },
  {
    channel: 'fiverr',
    skill: 'sourdough bread baking',
    title: 'Recorded Sourdough Bread Baking Video Lessons',
    description: 'Record short custom videos that teach a buyer the exact sourdough bread baking technique they ask for, filmed at home on a phone. A simple setup (phone, tripod, window light) and a script template keep each video under an hour of work. Post two free sample lessons on YouTube and link them from the gig: buyers trust what they can watch. Fiverr brings buyers to you, so you can test demand without a website or an audience.',
    category: 'fiverr',
  },
  {
    channel: 'upwork',
    skill: 'Python programming',
    title: 'Remote Python Programming Freelancer for Startups',
    description: 'Offer Python programming as a remote freelancer to startups, with a simple portfolio page and a clear service list. Send five tailored Upwork proposals a day and track them in a spreadsheet; move repeat clients to direct invoicing. Build three portfolio pieces first (real or self-initiated) and link them in every proposal. Selling online lets you reach buyers far beyond your own city from day one.',
    category: 'online',
  },
  {
    channel: 'upwork',
    skill: 'home fitness',
    title: 'UGC Creator for Home Fitness Brands',
    description: 'Make authentic product videos (UGC) for brands selling to people interested in home fitness; brands run them as ads, so your follower count does not matter. Build a portfolio of three sample videos with products you own, and list yourself on Billo, Insense or Upwork. Email ten small brands in your field with a sample video made for their product. Brands pay for trust with a specific audience more than for raw follower counts.',
    category: 'social',
  },
  {
    channel: 'etsy',
    skill: 'bicycle repair',
    title: 'Bicycle Repair Printables & Print-on-Demand',
    description: 'Create printables, posters or merchandise designs themed around bicycle repair for gift buyers, printed and shipped on demand. Upload designs to Etsy (with Printful) and Redbubble; no stock, no shipping on your side. Research Etsy search suggestions for your theme and publish 20 listings before judging results. It is built once and sold many times, so income is not capped by your hours.',
    category: 'online',
  },
  {
    channel: 'etsy',
    skill: 'knitting',
    title: 'Hand-Knitted Baby Blankets',
    description: 'Knit soft baby blankets in natural wool and sell them in an Etsy shop for new parents and gift buyers.',
    category: 'etsy',
    carriesSkill: true,
  },
  {
    channel: 'gumroad',
    skill: 'Excel budgeting',
    title: 'Excel Budgeting Template Pack',
    description: 'Turn what you know about Excel budgeting into downloadable templates, checklists or presets that save buyers hours. Build a bundle of 10-20 items once and list it on Gumroad and Etsy; it keeps selling without extra work. Give one template away in exchange for an email address, then offer the full pack to that list. A small, specific product sells better than a broad one: solve one problem well.',
    category: 'online',
  },
  {
    channel: 'gumroad',
    skill: 'candle making',
    title: 'The Practical Candle Making Playbook',
    description: 'Write a focused 40-60 page ebook on candle making built around the ten questions hobbyists ask most. Write one chapter per question, design it in Canva or Google Docs, and publish on Gumroad and Kindle Direct Publishing. Collect the questions from Reddit and Quora threads, and answer a few of them publicly with a link to the book. It is built once and sold many times, so income is not capped by your hours.',
    category: 'online',
  },
  {
    channel: 'teachable',
    skill: 'watercolour painting',
    title: 'Watercolour Painting Online Course',
    description: 'Record a short, practical course that takes beginners from zero to a first real result in watercolour painting. Outline 8-12 lessons of 5-10 minutes, record them with a phone or a screen recorder, and host on Teachable or Podia (or Udemy for its built-in traffic). Pre-sell to your network at half price before recording: their questions shape the lessons. Selling online lets you reach buyers far beyond your own city from day one.',
    category: 'online',
  },
  {
    channel: 'youtube',
    skill: 'bicycle repair',
    title: 'Bicycle Repair YouTube Tutorial Channel',
    description: 'Publish step-by-step bicycle repair tutorials that answer what DIY learners search for on YouTube; searches keep bringing viewers for years. Use YouTube search suggestions to pick titles, publish weekly, and put affiliate links to the tools you use in every description. Make your first ten videos answer ten specific beginner questions rather than general overviews. An audience is an asset: every follower lowers the cost of your next launch.',
    category: 'social',
  },
  {
    channel: 'tiktok',
    skill: 'sourdough bread baking',
    title: 'Sourdough Bread Baking Tips on TikTok & Reels',
    description: 'Post one short sourdough bread baking tip a day on TikTok and Instagram Reels; a focused audience attracts sponsors sooner than a big general one. Batch-film a week of videos in one session, reuse each one on both platforms and YouTube Shorts. Once you pass 5,000 followers, pitch ten brands your followers already use, with your engagement numbers. Short, consistent posts beat occasional perfect ones: the algorithms reward regularity.',
    category: 'social',
  },
  {
    channel: 'instagram',
    skill: 'yoga',
    title: 'Yoga Carousel Account on Instagram',
    description: 'Post educational yoga carousels that people save and share, and sell a detailed guide or template through the link in bio. Design carousels in Canva from a fixed template, three a week, and sell the guide with Stan Store or Gumroad. Write the guide after noticing which carousels get the most saves: that topic is what people will buy. An audience is an asset: every follower lowers the cost of your next launch.',
    category: 'social',
  },
  {
    channel: 'instagram',
    skill: 'social media management',
    title: 'Social Media Manager for Restaurants',
    description: 'Manage the Instagram, TikTok or LinkedIn accounts of restaurants who need someone who understands social media management. Plan a month of posts at a time in Later or Buffer and send a one-page monthly report. Offer a free audit of three local accounts and convert one into a paid first month. Brands pay for trust with a specific audience more than for raw follower counts.',
    category: 'social',
  },
  {
    channel: 'pinterest',
    skill: 'meal planning',
    title: 'Meal Planning Pins to Digital Products',
    description: 'Create Pinterest pins with meal planning ideas and tutorials that link to your own guides or affiliate products; pins keep sending traffic for months. Design pins in Canva in batches, schedule them with Tailwind, and send visitors to a simple landing page. Start with 30 pins around 5 topics and keep the topics that get saves. An audience is an asset: every follower lowers the cost of your next launch.',
    category: 'social',
  },
  {
    channel: 'linkedin',
    skill: 'bookkeeping',
    title: 'LinkedIn Bookkeeping Authority Posts',
    description: 'Post practical bookkeeping lessons and case studies on LinkedIn three times a week, so decision-makers come to you. Turn each project into a post (problem, approach, result) and end with a soft offer in your profile. Comment thoughtfully on ten posts a day from people your buyers follow before posting yourself. Brands pay for trust with a specific audience more than for raw follower counts.',
    category: 'social',
  },
  {
    channel: 'linkedin',
    skill: 'public speaking',
    title: 'Corporate Public Speaking Team Sessions',
    description: 'Run public speaking sessions for company teams as a lunch-and-learn, team-building activity or staff training. Offer a 60-minute and a half-day format with fixed prices, and bring everything the team needs. Pitch HR and office managers at local companies on LinkedIn, and ask friends to introduce you at their workplaces. In-person work is hard to outsource or automate, which keeps prices healthy.',
    category: 'offline',
  },
  {
    channel: 'twitch',
    skill: 'chess',
    title: 'Live Chess Streams',
    description: 'Go live with chess on a fixed weekly schedule: work, teach and answer questions while viewers tip and subscribe. Stream with OBS or straight from your phone, and clip the best moments into short videos. Keep the same day and hour every week and announce it in each short video. Short, consistent posts beat occasional perfect ones: the algorithms reward regularity.',
    category: 'social',
  },
  {
    channel: 'substack',
    skill: 'personal finance',
    title: 'Paid Personal Finance Newsletter',
    description: 'Publish a weekly personal finance newsletter: useful free issues build trust, and a paid tier adds deep dives, templates and Q&A. Batch-write issues on one evening a week and reuse each one as social posts. Invite 50 people you know personally, and cross-promote with two newsletters of a similar size. It is built once and sold many times, so income is not capped by your hours.',
    category: 'online',
  },
  {
    channel: 'patreon',
    skill: 'guitar',
    title: 'Guitar Membership Community',
    description: 'Host a paid guitar community with a monthly live Q&A, a resource library and challenges that keep members practising. Run it on Skool, Patreon or a Discord server with paid roles; add one new resource each week. Start with 20 founding members at a lifetime discount, recruited from the people who already ask you questions. A small, specific product sells better than a broad one: solve one problem well.',
    category: 'online',
  },
  {
    channel: 'discord',
    skill: 'Spanish',
    title: '30-Day Spanish Challenge',
    description: 'Launch a 30-day Spanish challenge: a daily task, a private group for accountability and a small prize for finishers. Run it in a WhatsApp community, Discord or Skool group and reuse the 30 tasks for every round. Run the first round free for 20 followers, then charge for the next one using their results as proof. An audience is an asset: every follower lowers the cost of your next launch.',
    category: 'social',
  },
  {
    channel: 'eventbrite',
    skill: 'pottery',
    title: 'Local Pottery Workshops',
    description: 'Run a two-hour hands-on pottery workshop for retirees in a rented room, café or community centre. Sell tickets on Eventbrite, keep groups to 6-12 people, and hand out a one-page take-home guide. Ask a library or café to host the first one for free in exchange for bringing them customers, and post it on Meetup and local Facebook groups. Word of mouth travels fast locally: one happy customer often brings two more.',
    category: 'offline',
  },
  {
    channel: 'eventbrite',
    skill: 'photography',
    title: 'Live Photography Cohort Workshop',
    description: 'Run a live online photography workshop over two or three sessions for a small group, with exercises and feedback. Sell tickets through Eventbrite or Stripe, teach on Zoom, and keep recordings as a bonus or a future course. Cap the first cohort at 8 seats and fill it from your network and one relevant online community. It is built once and sold many times, so income is not capped by your hours.',
    category: 'online',
  },
  {
    channel: 'website',
    skill: 'career coaching',
    title: 'Online Career Coaching',
    description: 'Coach career changers one-to-one over video, with homework between sessions and a progress check at the start of each call. Take bookings with Calendly, payments with Stripe, and sell packages of four sessions rather than single calls. Offer three free pilot sessions in exchange for detailed testimonials, then launch at full price. Selling online lets you reach buyers far beyond your own city from day one.',
    category: 'online',
  },
  {
    channel: 'website',
    skill: 'camping',
    title: 'Camping Gear & Tools Review Blog',
    description: 'Write practical reviews and comparisons of the tools, gear and courses beginners buy for camping, earning a commission on each sale. Publish on a simple WordPress or Ghost site, one in-depth article a week, targeting "best ... for ..." searches. Start with the five products you already use and know well; your own photos beat stock images. A small, specific product sells better than a broad one: solve one problem well.',
    category: 'online',
  },
  {
    channel: 'walk-in',
    skill: 'window cleaning',
    title: 'Window Cleaning Services for Local Businesses',
    description: 'Offer window cleaning to independent shops, cafés, salons and clinics near you, which rarely get approached in person. Prepare a one-page offer with a fixed price and one example, and deliver the first project fast. Walk one high street, talk to ten owners in a morning, and offer the first business a discount for a testimonial. Local competition is usually thin, and people pay more for someone they can meet.',
    category: 'offline',
  },
  {
    channel: 'google-business',
    skill: 'piano',
    title: 'Private Piano Lessons',
    description: "Teach piano one-to-one at your place, the learner's home or a quiet café, adapting each lesson to the learner. Sell blocks of five lessons up front and keep a simple progress sheet for each learner. List yourself on local tutoring sites and pin a flyer with tear-off tabs at the library and supermarket. Word of mouth travels fast locally: one happy customer often brings two more.",
    category: 'offline',
  },
  {
    channel: 'google-business',
    skill: 'physiotherapy',
    title: 'Home Physiotherapy Visits',
    description: 'Visit patients at home for physiotherapy after injuries and operations, found through a local Google Business Profile and word of mouth from doctors.',
    category: 'offline',
  },
  {
    channel: 'nextdoor',
    skill: 'dog walking',
    title: 'Neighbourhood Dog Walking Subscription',
    description: 'Offer dog walking to households and small businesses nearby as a monthly plan instead of one-off jobs, for steady income. Bill monthly through Stripe or GoCardless and plan your visits street by street to save travel time. Post in Nextdoor and local Facebook groups with a founding-member price for the first ten subscribers. In-person work is hard to outsource or automate, which keeps prices healthy.',
    category: 'offline',
  },
  {
    channel: 'thumbtack',
    skill: 'handyman repairs',
    title: 'Handyman Repairs Booked on Thumbtack',
    description: 'Fix shelves, doors, taps and leaks for homeowners, with jobs found through a Thumbtack pro profile.',
    category: 'home-services',
  },
  {
    channel: 'market',
    skill: 'jewellery making',
    title: 'Jewellery Making Stall at Markets & Fairs',
    description: 'Take jewellery making to weekend markets, craft fairs and pop-up events: sell products or quick services and take bookings for bigger jobs. Rent a stall for a day, bring a card reader (SumUp or Square) and a sign-up sheet for follow-up. Start with one monthly market and note what people ask about; that is your next product. Local competition is usually thin, and people pay more for someone they can meet.',
    category: 'offline',
  },
  {
    channel: 'market',
    skill: 'cake baking',
    title: 'Cake Baking Stall at Markets & Fairs',
    description: 'Take cake baking to weekend markets, craft fairs and pop-up events: sell products or quick services and take bookings for bigger jobs. Rent a stall for a day, bring a card reader (SumUp or Square) and a sign-up sheet for follow-up. Start with one monthly market and note what people ask about; that is your next product. Word of mouth travels fast locally: one happy customer often brings two more.',
    category: 'offline',
  },
  {
    channel: 'venues',
    skill: 'singing',
    title: 'Singing Bookings for Weddings & Events',
    description: 'Package singing as an event service for weddings, birthdays and company parties, where clients book months ahead. Offer three packages, take a 30% deposit on booking, and use a contract template. Partner with two local event planners or venues and offer them a referral fee. In-person work is hard to outsource or automate, which keeps prices healthy.',
    category: 'offline',
  },
  {
    channel: 'community',
    skill: 'robotics',
    title: 'After-School Robotics Club',
    description: "Run a weekly after-school robotics club for children, with a small project to take home each term. Hire a school hall or community room, cap groups at 10-12, and collect fees per term in advance. Offer a free taster session through the school newsletter or the local parents' Facebook group. Word of mouth travels fast locally: one happy customer often brings two more.",
    category: 'offline',
  },
  {
    channel: 'community',
    skill: 'computer repair',
    title: 'Computer Repair Help for Seniors',
    description: 'Bring computer repair to older people at home, patiently and at their pace: a service families are glad to pay for. Offer fixed one-hour visits, and keep notes so every visit continues where the last one stopped. Leave flyers at community centres, churches and pharmacies, and tell adult children it makes a thoughtful gift. Local competition is usually thin, and people pay more for someone they can meet.',
    category: 'offline',
  },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A channel word as a word (plural allowed): "pin" is in "pins" but not in "spinning" or "pink". */
const wordPattern = (word: string) => new RegExp(`(?<![\\p{L}])${escape(word)}(s|es)?(?![\\p{L}])`, 'iu');

interface FullPlan {
  idea: PanelIdea;
  overview: string;
  outlines: string[];
  weeks: GeneratedMilestone[];
  planTitle: string;
  category: string;
}

/** The plan, then every next milestone as a member unlocks them (each prompt carrying the weeks before). */
async function fullPlan(idea: PanelIdea): Promise<FullPlan> {
  const built = buildPlanPromptInput(defaultAiSettings, { ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category });
  const input = idea.carriesSkill ? { ...built, request: { ...built.request, skill: idea.skill } } : built;
  const plan = parseGeneratedPlan((await generator.generatePlan(input)).text, { ...input, category: idea.category, defaultTimeEstimate: input.milestoneTimeEstimate });
  const weeks = [plan.firstMilestone];
  for (const [i, outline] of plan.outlines.entries()) {
    const milestoneInput = buildMilestonePromptInput(defaultAiSettings, {
      planTitle: plan.title,
      planDescription: plan.description,
      planCategory: plan.category,
      weekNumber: i + 2,
      totalWeeks: 1 + plan.outlines.length,
      outline: { title: outline.title, description: outline.description, tasks: [] },
      previous: weeks.map((m) => ({ title: m.title, description: m.description, tasks: m.tasks.map((t) => ({ title: t.title, completed: true })) })),
    });
    weeks.push(parseGeneratedMilestone((await generator.generateMilestone(milestoneInput)).text, { tasks: milestoneInput.tasks, defaultTimeEstimate: '1 week' }));
  }
  return { idea, overview: plan.description, outlines: [plan.firstMilestone.title, ...plan.outlines.map((o) => o.title)], weeks, planTitle: plan.title, category: plan.category };
}

const textsOf = (week: GeneratedMilestone) => [
  ...week.tasks.flatMap((t) => [t.title, t.description]),
  ...[...week.freeResources, ...week.paidResources].flatMap((r) => [r.name, r.url]),
];

const names = (words: string[], text: string) => words.some((word) => wordPattern(word).test(text));

/** What a task names, past its first word (the action): "Call three local gyms" → three, local, gyms. */
const minor = new Set('a an the and or of to for with on in at by from into your my our their its it this that these those there where who what how each every one all own up out'.split(' '));
const keyWords = (title: string) =>
  title
    .split(/\s+/)
    .slice(1)
    .map((w) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, ''))
    .filter((w) => w !== '' && !minor.has(w));

let plans: FullPlan[] = [];

describe('offline plans that fit their idea: a panel of ideas across every channel and kind of work', () => {
  beforeAll(async () => {
    plans = [];
    for (const idea of panel) plans.push(await fullPlan(idea));
  }, 120_000);

  it('covers every channel and every kind of work', () => {
    expect(plans).toHaveLength(panel.length);
    expect(panel.length).toBeGreaterThanOrEqual(30);
    expect(new Set(panel.map((idea) => idea.channel))).toEqual(new Set(Object.keys(channelWords)));
    // Every kind of work the plans know, through the tasks each kind brings (one telling task per kind).
    const all = plans.flatMap((p) => p.weeks.flatMap((w) => w.tasks.map((t) => t.title))).join('\n');
    for (const telling of [/jobs? at cost/, /batch of five/, /food rules/, /trial .* lesson/, /programme for a standard/, /portfolio samples/, /one problem .* solves/, /content pillars/, /licence, registration/]) {
      expect(all).toMatch(telling);
    }
  });

  it('names no channel but the idea’s own in any task or resource of any week', () => {
    for (const plan of plans) {
      const others = Object.entries(channelWords).filter(([id]) => id !== plan.idea.channel);
      for (const [week, milestone] of plan.weeks.entries()) {
        for (const text of textsOf(milestone)) {
          const named = others.filter(([, words]) => names(words, text)).map(([id]) => id);
          expect.soft(named, `"${plan.idea.title}" (${plan.idea.channel}), week ${week + 1}: "${text}"`).toEqual([]);
        }
      }
    }
  });

  it('keeps the idea’s words in the overview: its title, every word of its skill and its channel', () => {
    for (const { idea, overview } of plans) {
      expect(overview).toContain(idea.title);
      for (const word of idea.skill.toLowerCase().split(/\s+/)) expect(overview.toLowerCase(), idea.title).toContain(word);
      expect(names(channelWords[idea.channel], overview), `${idea.title}: ${overview}`).toBe(true);
      expect(overview).toMatch(/^[^a-z].*\.$/);
    }
  });

  it('sets up the idea’s own channel in week 1, and every later week stays on it', () => {
    for (const plan of plans) {
      const words = channelWords[plan.idea.channel];
      const [week1, ...later] = plan.weeks;
      expect(week1.tasks.slice(0, 3).some((t) => names(words, t.title)), `${plan.idea.title} week 1: ${week1.tasks.map((t) => t.title).join(' | ')}`).toBe(true);
      for (const [i, week] of later.entries()) {
        expect.soft(names(words, [week.title, week.description, ...week.tasks.map((t) => t.title)].join('\n')), `${plan.idea.title} week ${i + 2}`).toBe(true);
      }
    }
  });

  it('details each next week as its outline promised, with new tasks that build on the week before', () => {
    for (const plan of plans) {
      for (const [i, week] of plan.weeks.entries()) {
        expect(week.title).toBe(plan.outlines[i]);
        expect(week.title.length).toBeLessThanOrEqual(planLimits.milestoneTitle);
        expect(week.description.length).toBeLessThanOrEqual(planLimits.milestoneDescription);
        expect(week.successCriteria).toMatch(/\d/);
        expect(week.tasks.length).toBeGreaterThanOrEqual(5);
        expect(week.freeResources.length).toBeGreaterThanOrEqual(2);
        expect(week.paidResources.length).toBeGreaterThanOrEqual(1);
        if (i > 0) {
          const before = new Set(plan.weeks.slice(0, i).flatMap((w) => w.tasks.map((t) => t.title)));
          expect(week.tasks.filter((t) => before.has(t.title)), plan.idea.title).toEqual([]);
        }
      }
    }
  });

  it('gives ideas of different channels plans that share less than half of their tasks and resources', () => {
    const itemsOf = (plan: FullPlan) =>
      new Set(plan.weeks.flatMap((w) => [...w.tasks.map((t) => `task: ${t.title.toLowerCase()}`), ...[...w.freeResources, ...w.paidResources].map((r) => `resource: ${r.name}`)]));
    const items = plans.map((plan) => ({ plan, items: itemsOf(plan) }));
    let worst = 0;
    for (const [i, a] of items.entries()) {
      for (const b of items.slice(i + 1)) {
        if (a.plan.idea.channel === b.plan.idea.channel) continue;
        const shared = [...a.items].filter((item) => b.items.has(item));
        const overlap = shared.length / Math.min(a.items.size, b.items.size);
        worst = Math.max(worst, overlap);
        expect.soft(overlap, `"${a.plan.idea.title}" and "${b.plan.idea.title}" share:\n${shared.join('\n')}`).toBeLessThan(0.5);
      }
    }
    expect(worst).toBeGreaterThan(0);
  });

  it('answers task help with the words of the task asked and the plan’s channel', async () => {
    for (const plan of plans) {
      for (const week of plan.weeks) {
        for (const task of week.tasks) {
          const input = buildTaskHelpPromptInput(defaultAiSettings, {
            taskTitle: task.title,
            taskDescription: task.description,
            milestoneTitle: week.title,
            milestoneDescription: week.description,
            planTitle: plan.planTitle,
            planCategory: plan.category,
          });
          const help = parseTaskHelp((await generator.generateTaskHelp(input)).text);
          const steps = help.split('\n').filter((line) => /^\d+\. /.test(line)).join('\n').toLowerCase();
          const missing = keyWords(task.title).filter((w) => !steps.includes(w));
          expect(missing, `${plan.idea.title}: "${task.title}"\n${help}`).toEqual([]);
          const others = Object.entries(channelWords).filter(([id]) => id !== plan.idea.channel && !names(channelWords[id], `${task.title} ${task.description}`));
          const named = others.filter(([, words]) => names(words, steps)).map(([id]) => id);
          expect(named, `${plan.idea.title}: help for "${task.title}" names another channel:\n${help}`).toEqual([]);
        }
      }
    }
  }, 120_000);

  it('is the same plan for the same idea', async () => {
    const again = await fullPlan(panel[4]);
    expect(again).toEqual(plans[4]);
  });
});

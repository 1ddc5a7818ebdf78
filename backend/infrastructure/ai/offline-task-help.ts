import nlp from 'compromise';
import type { TaskHelpRequestData } from '../../application/ports/plan-generator';
import { planLimits } from '../../domain/plans/plan-limits';
import { resources, type Resource, type ResourceKey } from './offline-plan-catalogue';
import { channelList } from './offline-plans/channels';

/**
 * Task help without an AI service. The kind of task is read from its title first (its
 * description only when the title says nothing the help knows), so "Create your Fiverr account
 * and profile" gets account steps even when its description mentions samples. The steps name
 * what the task names: the thing to make or do ("Fiverr account and profile", "60-second reel of
 * your bakes", "three local gyms") and the platform or tool it names (Fiverr, Etsy, Canva),
 * falling back to the plan's own platform, field tool and audience. Works for the offline plan
 * generator's tasks and for tasks members write themselves.
 */

interface Topic {
  match: RegExp;
  /** Placeholders: {task} (the title as an instruction), {object} (what it acts on), {platform}, {tool}, {fieldTool}, {audience}. */
  steps: string[];
  tool: ResourceKey | 'platform' | 'fieldTool';
  mistake: string;
  done: string;
}

/** In order: the first topic whose words the title holds wins. */
const topics: Topic[] = [
  {
    match: /\b(get paid|payouts?|payments?|billing|invoices?|withdrawal|paypal|stripe)\b/i,
    steps: [
      '{task}, using the name and bank details you will use for the business.',
      'Send yourself a small test payment (or check the payout page on {platform}) to see the money actually arrives and what the fees are.',
      'Write down your refund and revision policy in two sentences and add it to your listing or order confirmation.',
      'Keep a folder or sheet for every payment from day one; it makes taxes and your weekly numbers easy.',
    ],
    tool: 'paypal',
    mistake: 'Waiting until the first sale to set up payment: a stuck payout at the first order costs trust.',
    done: 'Payment is connected, a test payment arrived, and your refund policy is written down.',
  },
  {
    match: /\b(upsells?|add-ons?|next step|bundles?|monthly (plan|version)|retainers?|subscriptions?|recurring)\b/i,
    steps: [
      '{task}: go through your messages and revision requests for what {audience} asked beyond the basic offer.',
      'Shape the extra from the most repeated request, with a clear price and what is included.',
      'Show it where buyers decide: on {platform}, in your welcome message and in every delivery message.',
      'Count how many buyers take it over the next two weeks and adjust the price or contents once.',
    ],
    tool: 'platform',
    mistake: 'Adding extras nobody asked for. Upsells that answer a real request sell; the rest is clutter.',
    done: 'The extra is live and offered to every buyer, with uptake tracked.',
  },
  {
    match: /\b(numbers|track(ing)?|analytics|metrics?|goals?|statistics|conversion|uptake|compare channels)\b/i,
    steps: [
      '{task}: create a sheet with one row per week: visits, inquiries, orders, revenue and hours worked.',
      'Fill in the weeks so far from {platform} statistics, your messages and payouts.',
      'Work out conversion (orders ÷ inquiries) and income per hour.',
      'Pick the one number to improve next week and the single action that moves it.',
    ],
    tool: 'googleSheets',
    mistake: 'Tracking everything and acting on nothing. One number and one action per week is enough.',
    done: 'A filled-in sheet and one written goal for next week.',
  },
  {
    match: /\b(reviews?|testimonials?|ratings?)\b/i,
    steps: [
      '{task}: start after delivery, once the buyer has used the result for a day or two.',
      'Ask with one specific question: "What changed for you after this?" Specific questions get specific reviews.',
      'Make it easy: send the direct link to leave it on {platform}, and thank them whatever they say.',
      'With permission, quote the best lines in your listing and samples.',
    ],
    tool: 'googleForms',
    mistake: 'Asking for a five-star review. Ask for honest feedback; good work earns the stars.',
    done: 'At least three reviews or testimonials collected and the best one shown where buyers decide.',
  },
  {
    match: /\b(competitors?|research|study|analy[sz]e|survey)\b/i,
    steps: [
      '{task}: search {platform} the way a buyer would and open the ten best-ranked results.',
      'For each, note the price, what is included, delivery time and the most common praise and complaint in reviews.',
      'Mark the gaps: what {audience} ask for that nobody offers clearly.',
      'Write three sentences on how your offer will be different, and use them in your listing.',
    ],
    tool: 'googleSheets',
    mistake: 'Copying the top seller. Buyers compare, so a clear difference beats a cheaper copy.',
    done: 'A sheet of ten competitors and three written points that make you different.',
  },
  {
    match: /\b(feedback|opinions?)\b/i,
    steps: [
      '{task}: pick three people who match {audience} (not only friends who will be kind).',
      'Send them the link and two questions: what is unclear, and what would stop you from buying?',
      'Write their answers down word for word; the words they use are the words buyers search for.',
      'Change the one thing at least two of them mentioned, then thank them and tell them what you changed.',
    ],
    tool: 'googleForms',
    mistake: 'Defending your work while they talk. Listen, note and change; do not argue.',
    done: 'Three people gave feedback and the issue they mentioned most is fixed.',
  },
  {
    match: /\b(portfolio|samples?|examples?|showcase|mock-?ups?)\b/i,
    steps: [
      '{task}: pick three situations typical for {audience} and make one sample for each.',
      'Use {fieldTool} and keep each sample focused on the result the buyer pays for.',
      'Export them as clean images (and a before/after where it fits).',
      'Add a one-line caption to each: the problem, what you did, the result; then put them on {platform}.',
    ],
    tool: 'fieldTool',
    mistake: 'Showing everything you can do. Three strong samples for one audience convert better than twenty mixed ones.',
    done: 'Three finished samples with captions, ready for your listing and pitches.',
  },
  {
    match: /\b(film(ing)?|reels?|videos?|record(ing)?|shoot|tiktoks?|shorts|vlogs?|walkthroughs?)\b/i,
    steps: [
      '{task}: decide the one thing the {object} must show {audience}, and write it as three beats: a hook in the first two seconds, the process, the result.',
      'Film in daylight on your phone (vertical for short videos), a few seconds per shot, with more shots than you need.',
      'Edit in {tool}: cut every pause, add captions (most people watch muted) and keep it as short as the task allows.',
      'Publish or send it on {platform} with a one-line caption and one call to action, and reply to every comment within a day.',
    ],
    tool: 'capcut',
    mistake: 'A slow start. If the first two seconds do not show the result or a question, viewers scroll on.',
    done: 'The {object} is edited, captioned and published (or delivered), with one call to action.',
  },
  {
    match: /\b(share|promote|announce)\b/i,
    steps: [
      '{task}: pick five places where {audience} already gather and read each place\'s rules on promotion.',
      'Write a one-line story for each place: the problem you solve and who it is for, then the link.',
      'Post in one or two places a day rather than all at once, and answer every reply the same day.',
      'Note the clicks or messages from each place; next time share only where it worked.',
    ],
    tool: 'linktree',
    mistake: 'Dropping a bare link. A short story about the problem gets clicks; a naked link gets ignored or removed.',
    done: 'Shared in five places, with replies answered and results noted.',
  },
  {
    match: /\b(publish|titles?|descriptions?|faq|keywords?|covers?|images?|listings?|adapt)\b/i,
    steps: [
      '{task}: start from the words {audience} use; check the search suggestions on {platform} and reuse their phrases.',
      'Open with their problem, then what they get, how it works and the delivery time.',
      'Add three images that show results, and answer the five questions buyers ask most.',
      'Preview it on a phone as a buyer would, then publish and share the link.',
    ],
    tool: 'platform',
    mistake: 'Writing about yourself first. Buyers scan for their problem and the result; put those at the top.',
    done: 'The page is live on {platform}, readable on a phone and shared in at least one place.',
  },
  {
    match: /\b(price[sd]?|pricing|tiers?|packages?|rates?|variations?|discount)\b/i,
    steps: [
      '{task}: first write down the prices of ten comparable offers on {platform} and what each includes.',
      'Place a starter option a little under the middle of that range and a premium one near the top.',
      'Make the middle option the obvious choice: most buyers pick it when it clearly includes more.',
      'Write one line per option on what the buyer gets and how fast, and recheck after your first five orders.',
    ],
    tool: 'googleSheets',
    mistake: 'Pricing by the hours it takes you instead of the value to {audience}, or starting so low that raising prices feels impossible.',
    done: 'Every option has a price, a one-line promise and a delivery time.',
  },
  {
    match: /\b(one-sentence|one-line|positioning|niche|value proposition)\b/i,
    steps: [
      '{task}: write down who exactly it is for ({audience}, narrowed to one situation) and the result they want.',
      'Draft it as: who it is for, the result, and by when. Keep it under 25 words.',
      'Read it to two people from that audience and ask them to repeat it back; rewrite what they got wrong.',
      'Use the final sentence as the first line of your profile on {platform} and of every pitch.',
    ],
    tool: 'hubspotAcademy',
    mistake: 'An offer for everyone. The narrower the audience in the sentence, the easier it is to say yes.',
    done: 'The sentence is written, tested on two people and used on {platform}.',
  },
  {
    match: /\b(deliver(y|ies)?|checklists?|process|templates?|questionnaires?|welcome|onboard(ing)?|intake|slowest step)\b/i,
    steps: [
      '{task}: write every step from order to hand-over as a numbered list.',
      'Turn the questions you always ask into a short form the buyer fills in before you start.',
      'Time each step on the next order and mark the slowest one.',
      'Make a template or preset for that step with {fieldTool} so the next order is faster.',
    ],
    tool: 'notion',
    mistake: 'Starting work before you have everything you need from the buyer; orders stall and revisions pile up.',
    done: 'A checklist and an intake form you used on a real order.',
  },
  {
    match: /\b(inquir(y|ies)|repl(y|ies)|respond|response time)\b/i,
    steps: [
      '{task}: turn on notifications for {platform} messages on your phone and choose three fixed times a day to check them.',
      'Write five saved replies for the questions you get most, each ending with a clear next step.',
      'Answer every new message within two hours with a saved reply adjusted to the person.',
      'Note which replies turn into orders and improve the others.',
    ],
    tool: 'platform',
    mistake: 'Waiting to write the perfect answer. A fast, friendly reply beats a perfect one the next day.',
    done: 'For a week, every inquiry answered within two hours.',
  },
  {
    match: /\b(discovery call|call script|script|consultation)\b/i,
    steps: [
      'Write the {object} as five questions: their goal, what they tried, their deadline, their budget and who decides.',
      'Add a short recommendation at the end: the one option that fits what they told you, with its price.',
      'Make booking easy with a link (Calendly is free) and send a reminder the day before.',
      'After each call, send a summary and the link to order within an hour.',
    ],
    tool: 'calendly',
    mistake: 'Talking about yourself for half the call. Ask, listen, then recommend one thing.',
    done: 'The {object} is written and used on at least one real call.',
  },
  {
    match: /\b(call|calls|phone|ring|visit|walk into|door)\b/i,
    steps: [
      'Make a list of the {object}: name, phone number, the person who decides (owner or manager) and the best time to reach them.',
      'Write a 20-second opening: who you are, the one result you offer {audience} like them, and a simple question.',
      'Call (or walk in) at a quiet hour, ask for the decision maker by name and offer to send details or drop by.',
      'Log every answer in a sheet and follow up once within three days with a short message and your {platform} link.',
    ],
    tool: 'googleSheets',
    mistake: 'Reading a long script. Be brief, ask one question and let them talk.',
    done: 'You reached the {object}, logged each answer and scheduled the follow-ups.',
  },
  {
    match: /\b(pitch(es)?|outreach|dms?|messages?|introductions?|network|follow[ -]?up|reach out|contact|emails?|partner|gather|communit(y|ies)|groups?|forums?)\b/i,
    steps: [
      '{task}: start from a list of twenty {audience} who could need this now, with where you found them.',
      'Write three sentences: something specific you noticed about them, the result you offer, and an easy next step.',
      'Send five a day, personalising the first line every time, and log each in a sheet.',
      'Follow up once after three days with a relevant sample and your {platform} link; stop after that.',
    ],
    tool: 'hubspotAcademy',
    mistake: 'Sending the same long message to everyone. Short, specific and personal wins replies.',
    done: 'Messages sent and logged, with follow-ups scheduled.',
  },
  {
    match: /\b(posts?|tips|blog|content|lead magnet|newsletter|questions|carousels?|articles?|pins?)\b/i,
    steps: [
      '{task}: list the three questions {audience} ask most; each one is a post, tip or short video.',
      'Answer each one usefully in under a minute of reading or watching, with one example.',
      'End with a single call to action: the link to your offer on {platform} or your free checklist.',
      'Publish on a fixed day each week and reply to every comment within a day.',
    ],
    tool: 'canva',
    mistake: 'Posting about what you do instead of helping. Helpful answers are what get shared and remembered.',
    done: 'Three pieces published, each with a link to your offer.',
  },
  {
    match: /\b(block|hours|calendar|schedule|routine)\b/i,
    steps: [
      '{task}: choose fixed slots in the next six weeks that you can keep even in a busy week.',
      'Put them in your calendar as recurring events with a name that says what you will do.',
      'Plan the first slot now: one concrete task for {platform} that fits in it.',
      'At the end of each week, move what did not happen into next week\'s slots instead of dropping it.',
    ],
    tool: 'notion',
    mistake: 'Blocking more hours than you can keep. Three kept hours beat ten planned ones.',
    done: 'The slots are in your calendar for six weeks and the first one is used.',
  },
  {
    match: /\b(automat\w*|zapier|systemi[sz]e|workflow)\b/i,
    steps: [
      '{task}: write down the tasks you repeat on every order or every month, and start with the one that takes longest.',
      'Do it by hand once more, writing each step, so the process is clear before you automate it.',
      'Template it or automate it with {platform}\'s own tools or Zapier.',
      'Run it on the next order and note the time saved.',
    ],
    tool: 'zapier',
    mistake: 'Automating before the process is stable. Do it by hand three times first, then automate.',
    done: 'One repeated task templated or automated and used on a real order.',
  },
  {
    match: /\b(accounts?|profiles?|sign ?up|register|bio|shop|store|storefront|school|youtube channel)\b/i,
    steps: [
      'Sign up on {platform} with the email you will use for the business, and turn on two-step login.',
      'Fill in the {object}: a clear, friendly photo or logo, a name {audience} will remember and a short bio saying who you help and the result you deliver.',
      'Add links to your best work and connect how you get paid, then read the {platform} seller rules before you publish anything.',
      'Open the {object} on a phone as a buyer would, fix anything unclear, and ask one person what they would change.',
    ],
    tool: 'platform',
    mistake: 'Leaving the profile half done "for later". Buyers judge the photo and first line before anything else.',
    done: 'The {object} is set up on {platform} with photo, bio, links and payout, and checked on a phone.',
  },
];

const fallback: Topic = {
  match: /./,
  steps: [
    '{task}: {detail}',
    'Break it into three or four steps you can each finish in under an hour, and do the first one today.',
    'Block time in your calendar for the rest, and keep each step about what {audience} need from you on {platform}.',
    'Check the result against the task, then show it to one person from {audience} for feedback.',
  ],
  tool: 'platform',
  mistake: 'Waiting until it feels perfect. A finished first version teaches you more than a perfect plan.',
  done: 'The task is finished and checked against your own definition of done.',
};

/** The plans' own platforms (every channel's home) and the platforms members name; the other named resources are tools. */
const platformKeys = new Set<ResourceKey>([
  ...channelList.filter((channel) => channel.platform).map((channel) => channel.home),
  'carrd', 'wordpress', 'squarespace', 'square', 'sumup',
]);

/** Resources that are a part of a platform or a course, never what a task names by a word. */
const partsOfPlatforms = new Set<ResourceKey>([
  'fiverrHelp', 'fiverrLearn', 'upworkHelp', 'upworkPlus', 'etsyHandbook', 'youtubeCreators', 'youtubeStudio', 'instagramBusiness',
  'pinterestBusiness', 'linkedinLearning', 'linkedinPremium', 'twitchCreatorCamp', 'patreonHelp', 'discordSupport', 'eventbriteHelp',
  'nextdoorBusiness', 'canvaPro', 'hubspotAcademy', 'githubCopilot', 'servsafe',
]);

/** Names that are also everyday words only count as written: "Square", not "square". */
const caseSensitive = new Set<ResourceKey>(['square', 'zoom', 'loom', 'later', 'wave', 'splice', 'stripe', 'kit', 'notion']);

/** Other words for a resource: a reel is an Instagram reel. */
const aliases: Partial<Record<ResourceKey, string>> = { instagram: 'reels?|insta', googleBusiness: 'google maps', youtube: 'youtube shorts' };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each resource with the words that name it: its name without a bracketed note ("Wave (free accounting)" → "Wave"). */
const namers = (Object.keys(resources) as ResourceKey[])
  .filter((key) => !partsOfPlatforms.has(key))
  .map((key) => {
    const name = escape(resources[key].name.replace(/\s*\(.*\)$/, ''));
    const words = aliases[key] ? `${name}|${aliases[key]}` : name;
    return { key, pattern: new RegExp(`(?<![\\w-])(${words})(?![\\w-])`, caseSensitive.has(key) ? '' : 'i') };
  });

/** The resources a text names, in the order they appear. */
function named(text: string): ResourceKey[] {
  return namers
    .map(({ key, pattern }) => ({ key, at: text.search(pattern) }))
    .filter((found) => found.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((found) => found.key);
}

/** Imperatives compromise does not always tag as verbs. */
const extraVerbs = new Set(['sketch', 'partner', 'pitch', 'email', 'print', 'message', 'text', 'dm', 'visit', 'contact', 'claim', 'open', 'list', 'block', 'price', 'post']);
const particles = /^(up|out|down|off|in|on)\b\s*/i;
const linkWords = /^(to|with|for|on|about)\b\s*/i;
const determiners = /^(a|an|the|your|my|our|some)\b\s*/i;

/** The member's words turned to the help's voice: "my bakes" → "your bakes". */
const toYou = (text: string) => text.replace(/\bmy\b/gi, 'your').replace(/\bI\b/g, 'you');

/** What the task acts on: "Create your Fiverr account and profile" → "Fiverr account and profile". */
export function taskObject(title: string): string {
  const clean = title.trim().replace(/[.!]+$/, '');
  const first = clean.split(/\s+/)[0] ?? '';
  const isVerb = extraVerbs.has(first.toLowerCase()) || nlp(clean).terms().first().has('#Verb');
  let rest = isVerb ? clean.slice(first.length).trimStart() : clean;
  if (isVerb) rest = rest.replace(particles, '').replace(linkWords, '');
  rest = rest.replace(determiners, '');
  return toYou(rest.trim() || clean);
}

export interface HelpContext {
  /** The plan's own channel (its home resource, and how help names it), field tool and buyers, used where the task names none. */
  platform: Resource;
  where: string;
  tool: Resource;
  audience: string;
}

function topicOf(request: TaskHelpRequestData): Topic {
  return topics.find((t) => t.match.test(request.taskTitle)) ?? topics.find((t) => t.match.test(request.taskDescription)) ?? fallback;
}

export function helpFor(request: TaskHelpRequestData, context: HelpContext): string {
  const topic = topicOf(request);
  const names = [...named(request.taskTitle), ...named(request.taskDescription)];
  const namedPlatform = names.find((key) => platformKeys.has(key));
  const platform = namedPlatform ? resources[namedPlatform] : context.platform;
  const namedTool = names.find((key) => !platformKeys.has(key));
  // A tool the task itself names ("… in Canva", "… with a Loom video") is the one to suggest.
  const tool = namedTool
    ? resources[namedTool]
    : topic.tool === 'platform' ? platform : topic.tool === 'fieldTool' ? context.tool : resources[topic.tool];
  const title = request.taskTitle.trim();
  const values: Record<string, string> = {
    task: toYou(title.replace(/[.!]+$/, '')),
    object: taskObject(title),
    platform: namedPlatform ? platform.name : context.where,
    tool: tool.name,
    detail: request.taskDescription.trim() || 'write down in one sentence what it looks like when it is done.',
    fieldTool: context.tool.name,
    audience: context.audience,
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  const lines = [
    `**How to: ${title}**`,
    `This task is part of "${request.milestoneTitle.trim()}"${request.milestoneDescription.trim() ? `: ${request.milestoneDescription.trim()}` : '.'}`,
    topic.steps.map((step, i) => `${i + 1}. ${fill(step)}`).join('\n'),
    `**Free tool:** ${tool.name} (${tool.url})`,
    `**Avoid:** ${fill(topic.mistake)}`,
    `**Done when:** ${fill(topic.done)}`,
  ];
  return lines.join('\n\n').slice(0, planLimits.helpText);
}

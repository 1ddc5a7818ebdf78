import type { TaskHelpRequestData } from '../../application/ports/plan-generator';
import { planLimits } from '../../domain/plans/plan-limits';
import { resources, type Resource } from './offline-plan-catalogue';

/**
 * Task help without an AI service: the kind of task is read from its title and description
 * (pricing, research, samples, listing, outreach, delivery, reviews, content, numbers,
 * systems), and the answer gives numbered steps, a free tool with its link, the mistake to
 * avoid and what done looks like, all naming the member's own task, platform and audience.
 */

interface Topic {
  match: RegExp;
  steps: string[];
  tool: Resource | 'platform' | 'fieldTool';
  mistake: string;
  done: string;
}

const topics: Topic[] = [
  {
    match: /\b(price|pricing|tier|package|rate)/i,
    steps: [
      'Write down the prices of ten comparable offers on {platform} and note what each includes.',
      'Place your starter tier a little under the middle of that range and your premium tier near the top.',
      'Make the standard tier the obvious choice: most buyers pick the middle when it clearly includes more.',
      'Write one line per tier on what the buyer gets and how fast, and recheck after your first five orders.',
    ],
    tool: resources.googleSheets,
    mistake: 'Pricing by the hours it takes you instead of the value to {audience}, or starting so low that raising prices feels impossible.',
    done: 'Three tiers with a price, a one-line promise and a delivery time each.',
  },
  {
    match: /\b(competitor|research|study|analy[sz]e|survey)/i,
    steps: [
      'Search {platform} the way a buyer would and open the ten best-ranked results.',
      'For each, note the price, what is included, delivery time and the most common praise and complaint in reviews.',
      'Mark the gaps: what buyers ask for that nobody offers clearly.',
      'Write three sentences on how your offer will be different, and use them in your listing.',
    ],
    tool: resources.googleSheets,
    mistake: 'Copying the top seller. Buyers compare, so a clear difference beats a cheaper copy.',
    done: 'A sheet of ten competitors and three written points that make you different.',
  },
  {
    match: /\b(portfolio|sample|example|showcase|mock-?up)/i,
    steps: [
      'Pick three situations typical for {audience} and make one sample for each.',
      'Use {fieldTool} and keep each sample focused on the result the buyer pays for.',
      'Export them as clean images (and a before/after where it fits).',
      'Add a one-line caption to each: the problem, what you did, the result.',
    ],
    tool: 'fieldTool',
    mistake: 'Showing everything you can do. Three strong samples for one audience convert better than twenty mixed ones.',
    done: 'Three finished samples with captions, ready for your listing and pitches.',
  },
  {
    match: /\b(profile|listing|gig|page|publish|title|description|faq|cover|account)/i,
    steps: [
      'Start from the words {audience} use: check the search suggestions on {platform} and reuse the phrases in your title.',
      'Open the description with their problem, then what they get, how it works and the delivery time.',
      'Add three images that show results, and answer the five questions buyers ask most in the FAQ.',
      'Preview the page on a phone as a buyer would, then publish and share the link.',
    ],
    tool: 'platform',
    mistake: 'Writing about yourself first. Buyers scan for their problem and the result; put those at the top.',
    done: 'The page is live, readable on a phone and shared in at least one place.',
  },
  {
    match: /\b(pitch|outreach|message|first (three |3 )?(customers?|buyers?|orders?)|introduction|network|follow[ -]?up|reach|call)/i,
    steps: [
      'Make a list of twenty {audience} who could need this now, with where you found them.',
      'Write three sentences: something specific you noticed about them, the result you offer, and an easy next step.',
      'Send five a day, personalising the first line every time, and log each in a sheet.',
      'Follow up once after three days with a relevant sample; stop after that.',
    ],
    tool: resources.hubspotAcademy,
    mistake: 'Sending the same long message to everyone. Short, specific and personal wins replies.',
    done: 'Twenty pitches sent and logged, with follow-ups scheduled.',
  },
  {
    match: /\b(review|testimonial|feedback)/i,
    steps: [
      'Deliver first, then wait a day or two until the buyer has used the result.',
      'Ask one specific question: "What changed for you after this?" Specific questions get specific reviews.',
      'Make it easy: send the direct link, and thank them whatever they say.',
      'With permission, quote the best lines in your listing and samples.',
    ],
    tool: resources.googleForms,
    mistake: 'Asking for a five-star review. Ask for honest feedback; good work earns the stars.',
    done: 'At least three reviews or testimonials collected and one shown on your listing.',
  },
  {
    match: /\b(deliver|checklist|process|template|questionnaire|welcome|order)/i,
    steps: [
      'Write every step from order to hand-over as a numbered checklist.',
      'Turn the questions you always ask into a short form the buyer fills in before you start.',
      'Time each step on the next order and mark the slowest one.',
      'Make a template or preset for that step with {fieldTool} so the next order is faster.',
    ],
    tool: resources.notion,
    mistake: 'Starting work before you have everything you need from the buyer; orders stall and revisions pile up.',
    done: 'A checklist and an intake form you used on a real order.',
  },
  {
    match: /\b(post|video|content|lead magnet|email|newsletter|share)/i,
    steps: [
      'List the three questions {audience} ask most; each is one post or short video.',
      'Answer each one usefully in under a minute of reading or watching, with one example.',
      'End with a single call to action: the link to your offer or your free checklist.',
      'Publish on a fixed day each week and reply to every comment within a day.',
    ],
    tool: resources.canva,
    mistake: 'Posting about what you do instead of helping. Helpful answers are what get shared and remembered.',
    done: 'Three pieces published, each with a link to your offer.',
  },
  {
    match: /\b(numbers|track|analytics|metric|goal|plan for|review the)/i,
    steps: [
      'Create a sheet with one row per week: visits, inquiries, orders, revenue and hours worked.',
      'Fill in the weeks so far from {platform} statistics, your messages and payouts.',
      'Work out conversion (orders ÷ inquiries) and income per hour.',
      'Pick the one number to improve next week and the single action that moves it.',
    ],
    tool: resources.googleAnalytics,
    mistake: 'Tracking everything and acting on nothing. One number and one action per week is enough.',
    done: 'A filled-in sheet and one written goal for next week.',
  },
  {
    match: /\b(automat|system|zapier|repeat|recurring|monthly|bundle|raise)/i,
    steps: [
      'Write down the tasks you repeat on every order or every month.',
      'Pick the one that takes longest and has the same steps every time.',
      'Template it, automate it with your platform\'s tools or Zapier, or turn it into a package buyers subscribe to.',
      'Run it on the next order and note the time saved.',
    ],
    tool: resources.zapier,
    mistake: 'Automating before the process is stable. Do it by hand three times first, then automate.',
    done: 'One repeated task templated or automated and used on a real order.',
  },
];

const fallback: Topic = {
  match: /./,
  steps: [
    'Write down what "done" looks like for this task in one sentence.',
    'Break it into three or four steps you can each finish in under an hour.',
    'Do the first step today and block time in your calendar for the rest.',
    'Check the result against your sentence, then share it with one person from {audience} for feedback.',
  ],
  tool: 'platform',
  mistake: 'Waiting until it feels perfect. A finished first version teaches you more than a perfect plan.',
  done: 'The task is finished and checked against your own definition of done.',
};

export interface HelpContext {
  platform: Resource;
  tool: Resource;
  audience: string;
}

export function helpFor(request: TaskHelpRequestData, context: HelpContext): string {
  const topic = topics.find((t) => t.match.test(`${request.taskTitle} ${request.taskDescription}`)) ?? fallback;
  const tool = topic.tool === 'platform' ? context.platform : topic.tool === 'fieldTool' ? context.tool : topic.tool;
  const fill = (text: string) =>
    text.replace(/\{platform\}/g, context.platform.name).replace(/\{fieldTool\}/g, context.tool.name).replace(/\{audience\}/g, context.audience);
  const lines = [
    `**How to: ${request.taskTitle.trim()}**`,
    `This task is part of "${request.milestoneTitle.trim()}"${request.milestoneDescription.trim() ? `: ${request.milestoneDescription.trim()}` : '.'}`,
    topic.steps.map((step, i) => `${i + 1}. ${fill(step)}`).join('\n'),
    `**Free tool:** ${tool.name} (${tool.url})`,
    `**Avoid:** ${fill(topic.mistake)}`,
    `**Done when:** ${topic.done}`,
  ];
  return lines.join('\n\n').slice(0, planLimits.helpText);
}

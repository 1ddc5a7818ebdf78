import { describe, expect, it } from 'vitest';
import { planLimits } from '../../domain/plans/plan-limits';
import { AiGenerationError } from '../ports/idea-generator';
import { fitText, parseGeneratedMilestone, parseGeneratedPlan, parseTaskHelp, realUrl } from './plan-parse';

const options = { tasks: { min: 5, max: 8 }, defaultTimeEstimate: '1 week', milestonesCount: 6, category: 'fiverr' };

const tasks = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Task ${i + 1}`, description: `Do step ${i + 1}.` }));

const detailed = (over: Record<string, unknown> = {}) => ({
  title: 'Shape the Offer',
  description: 'Decide what you sell.',
  timeEstimate: '1 week',
  isDetailed: true,
  tasks: tasks(6),
  freeResources: [{ name: 'Fiverr', url: 'https://www.fiverr.com' }],
  paidResources: [{ name: 'Skillshare', url: 'https://www.skillshare.com' }],
  successCriteria: 'Three tiers priced.',
  ...over,
});
const outline = (n: number) => ({ title: `Week ${n}`, description: `Outline ${n}.`, timeEstimate: '1 week', isDetailed: false, tasks: [], freeResources: [], paidResources: [], successCriteria: '' });
const plan = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ title: 'Pet Portraits Plan', description: 'Six weeks.', category: 'fiverr', timeEstimate: '6 weeks', milestones: [detailed(), ...[2, 3, 4, 5, 6].map(outline)], ...over });

function failure(run: () => unknown): AiGenerationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AiGenerationError);
    return error as AiGenerationError;
  }
  throw new Error('expected a failure');
}

describe('parsing a generated plan', () => {
  it('keeps the first milestone detailed and the others as outlines', () => {
    const result = parseGeneratedPlan(plan(), options);
    expect(result.title).toBe('Pet Portraits Plan');
    expect(result.firstMilestone.tasks).toEqual(tasks(6));
    expect(result.firstMilestone.freeResources).toEqual([{ name: 'Fiverr', url: 'https://www.fiverr.com/' }]);
    expect(result.outlines.map((o) => o.title)).toEqual(['Week 2', 'Week 3', 'Week 4', 'Week 5', 'Week 6']);
  });

  it('repairs what the idea parser repairs: fences, prose, entities, trailing commas, single quotes', () => {
    const sloppy = `Here is your plan:\n\`\`\`json\n${plan().replace(/"Six weeks."/, "'Six weeks &amp; more.'").replace(/}]}$/, '},],}')}\n\`\`\`\nGood luck!`;
    const result = parseGeneratedPlan(sloppy, options);
    expect(result.description).toBe('Six weeks & more.');
    expect(result.outlines).toHaveLength(5);
  });

  it('fails with parse_error when there is no JSON or the answer was cut', () => {
    const full = plan();
    for (const text of ['', 'I cannot help with that.', full.slice(0, full.length - 30)]) {
      const error = failure(() => parseGeneratedPlan(text, options));
      expect(error.type).toBe('parse_error');
      expect(error.message).toBe('AI response was invalid. Please try again.');
    }
  });

  it('fails with validation_error when the shape is wrong or the first milestone has too few tasks', () => {
    for (const text of [
      '{"milestones": []}',
      plan({ milestones: [detailed({ tasks: tasks(4) })] }),
      plan({ milestones: [detailed({ title: '' })] }),
      plan({ title: '' }),
    ]) {
      expect(failure(() => parseGeneratedPlan(text, options)).type, text).toBe('validation_error');
    }
  });

  it('keeps every text within the limits of back-office §9, cutting at a word', () => {
    const long = 'word '.repeat(100);
    const result = parseGeneratedPlan(plan({ milestones: [detailed({ title: long, description: long, successCriteria: long, tasks: tasks(12) })] }), options);
    expect(result.firstMilestone.title.length).toBeLessThanOrEqual(planLimits.milestoneTitle);
    expect(result.firstMilestone.title).toMatch(/word…$/);
    expect(result.firstMilestone.description.length).toBeLessThanOrEqual(planLimits.milestoneDescription);
    expect(result.firstMilestone.successCriteria.length).toBeLessThanOrEqual(planLimits.successCriteria);
    expect(result.firstMilestone.tasks).toHaveLength(8);
  });

  it('drops resources with placeholder or broken links, and stops at the milestones asked for', () => {
    const result = parseGeneratedPlan(
      plan({
        milestones: [
          detailed({
            freeResources: [
              { name: 'Etsy', url: 'https://www.etsy.com' },
              { name: 'Placeholder', url: 'https://...' },
              { name: 'Example', url: 'https://example.com/course' },
              { name: 'Relative', url: '/courses' },
              { name: 'Script', url: 'javascript:alert(1)' },
            ],
          }),
          ...[2, 3, 4, 5, 6, 7, 8].map(outline),
        ],
      }),
      options,
    );
    expect(result.firstMilestone.freeResources).toEqual([{ name: 'Etsy', url: 'https://www.etsy.com/' }]);
    expect(result.outlines).toHaveLength(5);
  });

  it("uses the idea's category whatever the model wrote", () => {
    expect(parseGeneratedPlan(plan({ category: 'Gigs' }), options).category).toBe('fiverr');
  });
});

describe('parsing a next milestone', () => {
  it('reads a milestone, bare or wrapped', () => {
    const { isDetailed: _, ...milestone } = detailed();
    expect(parseGeneratedMilestone(JSON.stringify(milestone), options).tasks).toHaveLength(6);
    expect(parseGeneratedMilestone(JSON.stringify({ milestone }), options).title).toBe('Shape the Offer');
  });

  it('refuses fewer tasks than asked, and an answer without JSON', () => {
    expect(failure(() => parseGeneratedMilestone(JSON.stringify(detailed({ tasks: tasks(2) })), options)).type).toBe('validation_error');
    expect(failure(() => parseGeneratedMilestone('Sorry.', options)).type).toBe('parse_error');
  });
});

describe('parsing task help', () => {
  it('keeps plain text and markdown, unwraps {"help": ...}', () => {
    expect(parseTaskHelp('  1. Do this.\n2. Then that.  ')).toBe('1. Do this.\n2. Then that.');
    expect(parseTaskHelp('{"help": "Start small."}')).toBe('Start small.');
  });

  it('refuses an empty answer and cuts a long one', () => {
    expect(failure(() => parseTaskHelp('   ')).type).toBe('validation_error');
    expect(parseTaskHelp('word '.repeat(2000)).length).toBeLessThanOrEqual(planLimits.helpText);
  });
});

describe('text and link helpers', () => {
  it('fitText leaves short text alone and cuts long text at a word', () => {
    expect(fitText('short', 10)).toBe('short');
    expect(fitText('one two three four', 12)).toBe('one two…');
  });

  it('realUrl accepts real http(s) links only', () => {
    expect(realUrl('https://www.coursera.org')).toBe('https://www.coursera.org/');
    for (const bad of ['https://...', 'www.etsy.com', 'ftp://files.com/x', 'https://localhost/x', 'https://example.org']) expect(realUrl(bad), bad).toBeUndefined();
  });
});

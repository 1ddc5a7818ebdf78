import { describe, expect, it } from 'vitest';
import { AiGenerationError } from '../ports/idea-generator';
import { defaultAiSettings } from './ai-settings';
import { parseCategories } from './categories';
import { decodeHtmlEntities, parseGeneratedIdeas } from './parse-ideas';

const categories = parseCategories(defaultAiSettings.promptBuilderSettings.categoriesText);

const idea = (over: Record<string, unknown> = {}) => ({
  id: 'fiverr-1',
  title: 'Logo Design Packages',
  subtitle: 'Three tiers for small brands',
  description: 'Sell logos in three packages.',
  category: 'fiverr',
  industry: 'Design',
  method: 'Fiverr gig',
  pricing: '$50-150 per project',
  ...over,
});

const answer = (ideas: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ categories: [{ id: 'fiverr', name: 'Fiverr Gigs', color: 'green' }], ideas, personalized: false, ...extra });

function failure(run: () => unknown): AiGenerationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AiGenerationError);
    return error as AiGenerationError;
  }
  throw new Error('expected a failure');
}

describe('parsing generated ideas', () => {
  it('parses plain JSON', () => {
    const result = parseGeneratedIdeas(answer([idea()]), categories);
    expect(result).toEqual({
      categories: [{ id: 'fiverr', name: 'Fiverr Gigs', color: 'green' }],
      ideas: [idea()],
      personalized: false,
    });
  });

  it('parses a ```json fenced block with prose around it', () => {
    const text = `Sure! Here are your ideas:\n\n\`\`\`json\n${answer([idea()])}\n\`\`\`\n\nGood luck with {your} business!`;
    expect(parseGeneratedIdeas(text, categories).ideas).toEqual([idea()]);
  });

  it('parses a bare ``` fence', () => {
    expect(parseGeneratedIdeas(`\`\`\`\n${answer([idea()])}\n\`\`\``, categories).ideas).toHaveLength(1);
  });

  it('finds the JSON after prose that itself contains braces', () => {
    const text = `I used the {skill} you gave me. ${answer([idea()])} Let me know {if} you want more.`;
    expect(parseGeneratedIdeas(text, categories).ideas).toHaveLength(1);
  });

  it('parses JSON whose quotes arrived as HTML entities', () => {
    const escaped = answer([idea({ title: 'Arts & Crafts Gigs' })])
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;');
    const result = parseGeneratedIdeas(escaped, categories);
    expect(result.ideas[0].title).toBe('Arts & Crafts Gigs');
  });

  it('decodes entities inside the values (named and numeric)', () => {
    const text = answer([
      idea({ title: 'Arts &amp; Crafts &#8211; Etsy', subtitle: '&lt;b&gt;bold&lt;/b&gt; &#39;quoted&#39; &#x27;hex&#x27;', description: 'She said &quot;hi&quot;' }),
    ]);
    const [parsed] = parseGeneratedIdeas(text, categories).ideas;
    expect(parsed.title).toBe('Arts & Crafts – Etsy');
    expect(parsed.subtitle).toBe("<b>bold</b> 'quoted' 'hex'");
    expect(parsed.description).toBe('She said "hi"');
  });

  it('decodes entities in one pass only', () => {
    expect(decodeHtmlEntities('&amp;quot; &#0; &bogus;')).toBe('&quot; &#0; &bogus;');
  });

  it('tolerates trailing commas', () => {
    const text = '{"ideas":[{"title":"A","description":"B","category":"online",},],}';
    expect(parseGeneratedIdeas(text, categories).ideas[0].title).toBe('A');
  });

  it('repairs the JSON slips models make: single quotes, unquoted keys, comments, missing commas, Python constants', () => {
    const sloppy = `Here are your ideas:
{
  // ideas for the member
  categories: [{ id: 'fiverr', name: 'Fiverr Gigs' }],
  ideas: [
    { id: 'fiverr-1', title: 'Logo Design Packages', subtitle: "Three tiers for small brands" "category": "fiverr", description: 'Sell logos.', pricing: '$50-150' },
  ],
  personalized: False
}
Good luck!`;
    const result = parseGeneratedIdeas(sloppy, categories);
    expect(result.ideas).toHaveLength(1);
    expect(result.ideas[0]).toMatchObject({ title: 'Logo Design Packages', subtitle: 'Three tiers for small brands', category: 'fiverr', pricing: '$50-150' });
    expect(result.personalized).toBe(false);
  });

  it('fails with parse_error on malformed JSON', () => {
    for (const text of ['{"ideas": [ {"title": "A" ', 'not json at all', '', '{ideas: oops}']) {
      const error = failure(() => parseGeneratedIdeas(text, categories));
      expect(error.type).toBe('parse_error');
      expect(error.message).toBe('Failed to parse ideas. Please try again.');
    }
  });

  it('fails with parse_error on a truncated answer rather than using one of its inner objects', () => {
    const full = answer([idea(), idea({ id: 'fiverr-2' })]);
    const error = failure(() => parseGeneratedIdeas(full.slice(0, full.length - 40), categories));
    expect(error.type).toBe('parse_error');
  });

  it('fails with validation_error on JSON of the wrong shape', () => {
    for (const text of ['{"foo": 1}', '{"ideas": "none"}', '{"ideas": []}', '{"ideas": [{"description": "no title"}]}', '[1, 2]']) {
      const error = failure(() => parseGeneratedIdeas(text, categories));
      expect(error.type, text).toBe('validation_error');
      expect(error.message).toBe('AI response was invalid. Please try again.');
    }
  });

  it('gives ideas without an id (or with a repeated one) a stable id', () => {
    const text = answer([idea({ id: undefined }), idea({ id: 'x' }), idea({ id: 'x', category: 'online' })]);
    const first = parseGeneratedIdeas(text, categories).ideas.map((i) => i.id);
    expect(first).toEqual(['fiverr-1', 'x', 'online-1']);
    expect(parseGeneratedIdeas(text, categories).ideas.map((i) => i.id)).toEqual(first);
  });

  it('maps category names, labels and unknown ids to the configured categories', () => {
    const text = JSON.stringify({
      categories: [{ id: 'c9', name: 'Social Media' }],
      ideas: [
        idea({ id: '1', category: 'Fiverr Gigs' }),
        idea({ id: '2', category: 'local' }),
        idea({ id: '3', category: 'Internet' }),
        idea({ id: '4', category: 'c9' }),
        idea({ id: '5', category: 'TikTok' }),
        idea({ id: '6', category: 'something else' }),
      ],
    });
    const result = parseGeneratedIdeas(text, categories);
    expect(result.ideas.map((i) => i.category)).toEqual(['fiverr', 'offline', 'online', 'social', 'social', 'fiverr']);
    expect(result.categories).toEqual([
      { id: 'fiverr', name: 'Fiverr Gigs', color: 'green' },
      { id: 'online', name: 'Online Business', color: 'blue' },
      { id: 'offline', name: 'Local/Offline', color: 'orange' },
      { id: 'social', name: 'Social Media', color: 'purple' },
    ]);
  });

  it('puts an unmatched category into the least used configured one', () => {
    const text = answer([idea({ id: '1', category: 'fiverr' }), idea({ id: '2', category: '???' })]);
    expect(parseGeneratedIdeas(text, categories).ideas[1].category).toBe('online');
  });

  it('uses the configured names and palette colours, not what the model claimed', () => {
    const text = JSON.stringify({ categories: [{ id: 'fiverr', name: 'Gigs!!', color: '#ff0000' }], ideas: [idea()] });
    expect(parseGeneratedIdeas(text, categories).categories).toEqual([{ id: 'fiverr', name: 'Fiverr Gigs', color: 'green' }]);
  });

  it('falls back to the model categories when none are configured', () => {
    const text = JSON.stringify({ categories: [{ id: 'crafts', name: 'Crafts' }], ideas: [idea({ category: 'crafts' })] });
    const result = parseGeneratedIdeas(text, []);
    expect(result.categories).toEqual([{ id: 'crafts', name: 'Crafts', color: expect.any(String) }]);
    expect(result.ideas[0].category).toBe('crafts');
  });

  it('coerces numbers to text and fills missing secondary fields', () => {
    const text = JSON.stringify({ ideas: [{ title: 'Tutoring', description: 'Teach maths', category: 'offline', pricing: 40 }] });
    const [parsed] = parseGeneratedIdeas(text, categories).ideas;
    expect(parsed).toMatchObject({ title: 'Tutoring', pricing: '40', subtitle: '', industry: '', method: '' });
  });

  it('takes personalized from the text unless the caller says otherwise', () => {
    expect(parseGeneratedIdeas(answer([idea()], { personalized: true }), categories).personalized).toBe(true);
    expect(parseGeneratedIdeas(answer([idea()], { personalized: true }), categories, { personalized: false }).personalized).toBe(false);
    expect(parseGeneratedIdeas(answer([idea()], { personalized: 'yes' }), categories).personalized).toBe(false);
  });

  it('accepts a bare list of ideas', () => {
    const result = parseGeneratedIdeas(JSON.stringify([idea()]), categories);
    expect(result.ideas).toHaveLength(1);
    expect(result.categories[0].id).toBe('fiverr');
  });
});

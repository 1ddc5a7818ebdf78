import type { GenerateIdeasRequest } from '../contracts/ideas';
import type { IdeaPromptInput } from '../ports/idea-generator';
import { defaultAiSettings, fillPromptPlaceholders, type AiSettings } from './ai-settings';
import { ideasAnswerSchema } from './answer-schema';
import { parseCategories } from './categories';

const detailText: Record<AiSettings['promptBuilderSettings']['ideaDetailLevel'], string> = {
  brief: 'Keep each description brief and to the point.',
  standard: 'Give each description enough detail to act on.',
  detailed: 'Make each description detailed: the offer, the buyer, the delivery and the first steps to a paying customer.',
};

const incomeText: Record<AiSettings['promptBuilderSettings']['incomeRangeStyle'], string> = {
  range: 'Write "pricing" as a price range, such as "$50-150 per project".',
  fixed: 'Write "pricing" as one fixed price, such as "$75 per project".',
  hourly: 'Write "pricing" as an hourly rate, such as "$30-60 per hour".',
  monthly: 'Write "pricing" as expected monthly income, such as "$500-1,500 per month".',
};

const timelineText: Record<NonNullable<GenerateIdeasRequest['timeline']>, string> = {
  '7-days': 'wants first income within 7 days',
  '30-days': 'wants first income within 30 days',
  '60-days': 'can build over 60 days',
  '90-days': 'can build over 90 days',
};

/** The pro-only fields of the request (everything the customize panel sends besides the skill). */
export function hasCustomization(request: GenerateIdeasRequest): boolean {
  return (
    request.skillLevel !== undefined ||
    request.availableHours !== undefined ||
    request.incomeGoal !== undefined ||
    request.timeline !== undefined ||
    (request.niches?.length ?? 0) > 0 ||
    (request.platforms?.length ?? 0) > 0 ||
    (request.regionFocus?.trim() ?? '') !== '' ||
    (request.languages?.length ?? 0) > 0
  );
}

function profileLines(request: GenerateIdeasRequest): string[] {
  const lines: string[] = [];
  if (request.skillLevel) lines.push(`- Skill level: ${request.skillLevel}`);
  if (request.availableHours !== undefined) lines.push(`- Time available: ${request.availableHours} hours per week`);
  if (request.incomeGoal !== undefined) lines.push(`- Income goal: $${request.incomeGoal} per month`);
  if (request.timeline) lines.push(`- Timeline: ${request.timeline} (${timelineText[request.timeline]})`);
  if (request.niches?.length) lines.push(`- Niches of interest: ${request.niches.join(', ')}`);
  if (request.platforms?.length) lines.push(`- Preferred platforms: ${request.platforms.join(', ')}`);
  if (request.regionFocus?.trim()) lines.push(`- Region focus: ${request.regionFocus.trim()}`);
  if (request.languages?.length) lines.push(`- Languages: ${request.languages.join(', ')}`);
  return lines;
}

/**
 * The prompt and model settings of one idea generation. The member's customization reaches the
 * prompt (and the generator) only when `personalized` is true (the caller is pro), the admin has
 * personalization on, and the member actually customized something; otherwise it is dropped.
 */
export function buildIdeaPromptInput(
  settings: AiSettings,
  request: GenerateIdeasRequest,
  options: { personalized: boolean },
): IdeaPromptInput {
  const builder = settings.promptBuilderSettings;
  const parsed = parseCategories(builder.categoriesText);
  // An admin who empties the categories text still gets ideas: the default categories apply.
  const categories = parsed.length > 0 ? parsed : parseCategories(defaultAiSettings.promptBuilderSettings.categoriesText);
  const personalized = options.personalized && builder.enableProPersonalization && hasCustomization(request);
  const effectiveRequest: GenerateIdeasRequest = personalized ? request : { skill: request.skill };
  const skill = request.skill.trim();
  const total = builder.ideasPerCategory * categories.length;

  const template = settings.ideaGenerationPrompt.includes('{skill}')
    ? settings.ideaGenerationPrompt
    : `${settings.ideaGenerationPrompt}\n\nSkill: "{skill}"`;
  const prompt = fillPromptPlaceholders(template, {
    skill,
    ideasPerCategory: builder.ideasPerCategory,
    totalIdeas: total,
    descriptionLength: builder.ideaDescriptionLength,
  });

  const requirements: string[] = [
    'Categories (use these ids exactly, and list each one you use in "categories"):',
    ...categories.map(
      (c) => `- ${c.key}: ${c.label}${c.keywords.length ? ` (keywords: ${c.keywords.join(', ')})` : ''}`,
    ),
  ];
  if (builder.categoryInstructions.trim()) requirements.push(builder.categoryInstructions.trim());
  requirements.push(
    `Give exactly ${builder.ideasPerCategory} idea${builder.ideasPerCategory === 1 ? '' : 's'} per category: ${total} ideas in total.`,
    `Each description should be about ${builder.ideaDescriptionLength} characters long.`,
    detailText[builder.ideaDetailLevel],
    incomeText[builder.incomeRangeStyle],
  );
  if (builder.includeSpecificTools) {
    requirements.push('Name the specific platforms and tools to use (for example Fiverr, Gumroad, Canva, Etsy, Teachable).');
  }
  if (builder.ideaCustomInstructions.trim()) {
    requirements.push(`Additional instructions: ${builder.ideaCustomInstructions.trim()}`);
  }

  const sections = [prompt, requirements.join('\n')];
  if (personalized) {
    sections.push(
      [
        'Member profile (a pro member asked for personalized ideas):',
        ...profileLines(request),
        builder.personalizationInstructions.trim(),
        'Set "personalized" to true.',
      ]
        .filter((line) => line !== '')
        .join('\n'),
    );
  } else {
    sections.push('Set "personalized" to false.');
  }

  return {
    systemPrompt: settings.systemPrompt,
    userPrompt: sections.join('\n\n'),
    model: settings.modelName,
    temperature: settings.temperature,
    maxTokens: settings.ideaMaxTokens,
    inputTokenCostPer1M: settings.inputTokenCostPer1M,
    outputTokenCostPer1M: settings.outputTokenCostPer1M,
    request: effectiveRequest,
    categories,
    ideasPerCategory: builder.ideasPerCategory,
    personalized,
    answerSchema: ideasAnswerSchema,
  };
}

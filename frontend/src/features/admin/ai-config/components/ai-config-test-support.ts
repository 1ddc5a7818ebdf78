import {
  type AiConfigDto,
  type AiConfigOutcomesResponse,
  aiConfigOutcomesResponseSchema,
  type AiConfigPreviewDto,
  aiConfigPreviewResponseSchema,
  aiConfigResponseSchema,
  type AiConfigVersionDto,
  aiConfigVersionSchema,
} from '@contracts/ai-config';
import { http, HttpResponse } from 'msw';
import { meHandler, member } from '../../../../test/api';
import { server } from '../../../../test/server';

/** AI configuration bodies for component tests, each checked against the contract the server answers with. */

export const aiConfig = (overrides: Partial<AiConfigDto> = {}): AiConfigDto =>
  aiConfigResponseSchema.parse({
    modelName: 'gpt-4o-mini',
    systemPrompt: 'You are Skilly.',
    temperature: 0.7,
    ideaMaxTokens: 3000,
    maxTokens: 3000,
    milestoneMaxTokens: 2000,
    helpMaxTokens: 1000,
    inputTokenCostPer1M: 2.5,
    outputTokenCostPer1M: 10,
    promptBuilderSettings: {
      ideaDescriptionLength: 600,
      ideaDetailLevel: 'detailed',
      includeSpecificTools: true,
      ideasPerCategory: 3,
      incomeRangeStyle: 'range',
      ideaCustomInstructions: '',
      enableProPersonalization: true,
      categoriesText: 'fiverr | Fiverr Gigs | gig, fiverr',
      categoryInstructions: 'Spread the ideas.',
      personalizationInstructions: 'Tailor the ideas.',
      milestonesCount: 6,
      tasksPerMilestone: 10,
      planTimeframe: 'weekly',
      planDetailLevel: 'detailed',
      includeResources: true,
      planCustomInstructions: '',
    },
    ideaGenerationPrompt: 'Ideas for {skill}.',
    planGenerationPrompt: 'Plan for {ideaTitle}.',
    nextMilestonePrompt: 'Week {weekNumber}.',
    taskHelpPrompt: 'Help with {taskTitle}.',
    version: 3,
    savedAt: '2026-11-22T10:00:00.000Z',
    savedBy: { id: 'admin-1', name: 'Grace Hopper' },
    ...overrides,
  });

export const versionEntry = (version: number, overrides: Partial<AiConfigVersionDto> = {}): AiConfigVersionDto =>
  aiConfigVersionSchema.parse({
    version,
    savedAt: '2026-11-22T10:00:00.000Z',
    savedBy: { id: 'admin-1', name: 'Grace Hopper' },
    changedFields: ['temperature'],
    restoredFrom: null,
    reason: null,
    ...overrides,
  });

export const previewBody = (overrides: Partial<AiConfigPreviewDto> = {}): AiConfigPreviewDto =>
  aiConfigPreviewResponseSchema.parse({ system: 'SYSTEM MESSAGE', user: 'USER MESSAGE', model: 'gpt-4o-mini', maxTokens: 3000, temperature: 0.7, ...overrides });

type Call = { method: string; path: string; body: unknown };

/**
 * The AI configuration API as the server answers it: the configuration, its versions, a save
 * (the body merged, a new version), a restore and the preview. Every call is recorded.
 */
export function aiConfigApi({
  config = aiConfig(),
  versions = [versionEntry(3, { changedFields: ['temperature'] }), versionEntry(2, { restoredFrom: 1, changedFields: ['modelName'] }), versionEntry(1, { changedFields: [] })],
  preview = (body: unknown) => previewBody({ user: `USER for ${JSON.stringify(body)}` }),
  outcomes = { versions: [], weeks: [] },
}: { config?: AiConfigDto; versions?: AiConfigVersionDto[]; preview?: (body: unknown) => AiConfigPreviewDto; outcomes?: AiConfigOutcomesResponse } = {}) {
  const calls: Call[] = [];
  let current = config;
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.clone().json();
    calls.push({ method: request.method, path: url.pathname, body });
    return body;
  };
  server.use(
    meHandler(member({ id: 'admin-1', firstName: 'Grace', lastName: 'Hopper', role: 'admin' })),
    http.get('/api/admin/ai-config', async ({ request }) => {
      await record(request);
      return HttpResponse.json(current);
    }),
    http.post('/api/admin/ai-config', async ({ request }) => {
      const body = (await record(request)) as Partial<AiConfigDto>;
      current = aiConfigResponseSchema.parse({
        ...current,
        ...body,
        promptBuilderSettings: { ...current.promptBuilderSettings, ...(body.promptBuilderSettings ?? {}) },
        version: current.version + 1,
      });
      return HttpResponse.json(current);
    }),
    http.get('/api/admin/ai-config/versions', async ({ request }) => {
      await record(request);
      return HttpResponse.json(versions);
    }),
    http.get('/api/admin/ai-config/outcomes', async ({ request }) => {
      await record(request);
      return HttpResponse.json(aiConfigOutcomesResponseSchema.parse(outcomes));
    }),
    http.get('/api/admin/ai-config/versions/:version', async ({ request, params }) => {
      await record(request);
      return HttpResponse.json(aiConfig({ version: Number(params.version), modelName: `model-of-v${String(params.version)}` }));
    }),
    http.post('/api/admin/ai-config/versions/:version/restore', async ({ request }) => {
      await record(request);
      current = aiConfig({ ...current, version: current.version + 1, temperature: 1.5 });
      return HttpResponse.json(current);
    }),
    http.post('/api/admin/ai-config/preview', async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json(preview(body));
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

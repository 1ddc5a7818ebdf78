import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Task help through the real HTTP API with the offline provider (no OPENAI_API_KEY): each answer
 * spends one of a few help credits, so it must be about the task asked about (issue 37), for a
 * task of the generated plan and for one the member added.
 */

let t: TestApp;
beforeAll(async () => {
  // No overrides and no key: the app composes the offline plan generator itself.
  t = await startTestApp();
  expect(t.services.config.OPENAI_API_KEY).toBeFalsy();
});
afterAll(async () => t?.close());

const idea = {
  id: 'idea-1',
  title: 'Logo Design Gig in Three Packages',
  subtitle: 'Basic, standard and premium logo design offers',
  description: 'Publish one Fiverr gig that sells logo design in three clear packages.',
  category: 'fiverr',
  industry: 'Design & Creative',
  method: 'Fiverr gig with tiered packages',
  pricing: '$25-150 per order',
};

async function memberWithPlan() {
  const client = new Client(t.url);
  expect((await client.post('/api/auth/signup', newMember())).status).toBe(201);
  const saved = await client.post('/api/idea-sets', { skill: 'logo design', categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] });
  expect(saved.status).toBe(201);
  const generated = await client.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id });
  expect(generated.status, JSON.stringify(generated.body)).toBe(201);
  const plan = (await client.get(`/api/plans/${generated.body.planId}`)).body;
  return { client, plan };
}

const stepsOf = (help: string) =>
  help
    .split('\n')
    .filter((line) => /^\d+\. /.test(line))
    .join('\n');

describe('offline task help over HTTP', () => {
  it('answers a task the member added with help about that task: "Create your Fiverr account and profile" gets account steps, not samples', async () => {
    const { client, plan } = await memberWithPlan();
    const week1 = plan.milestones[0];
    const added = await client.post(`/api/plans/${plan.id}/milestones/${week1.id}/tasks`, {
      title: 'Create your Fiverr account and profile',
      description: 'A friendly photo, a short bio and links to your samples.',
    });
    expect(added.status).toBe(201);

    const answered = await client.post(`/api/tasks/${added.body.id}/help`);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const steps = stepsOf(answered.body.help);
    expect(steps).toMatch(/Sign up on Fiverr/);
    expect(steps).toMatch(/Fiverr account and profile/);
    expect(steps).not.toMatch(/make one sample for each/i);
    expect(answered.body.help).toContain('**Free tool:** Fiverr (https://www.fiverr.com)');
    expect(answered.body.task).toMatchObject({ id: added.body.id, helpResponse: answered.body.help });
  });

  it('answers a generated task with steps that name what the task names', async () => {
    const { client, plan } = await memberWithPlan();
    const task = plan.milestones[0].tasks.find((candidate: { title: string }) => /competitors/.test(candidate.title));
    expect(task.title).toBe("Study 10 competitors' gigs on Fiverr");

    const answered = await client.post(`/api/tasks/${task.id}/help`);
    expect(answered.status).toBe(200);
    const steps = stepsOf(answered.body.help);
    expect(steps).toContain("Study 10 competitors' gigs on Fiverr");
    expect(steps).toMatch(/search Fiverr the way a buyer would/i);
  });
});

import sharp from 'sharp';
import { expect } from 'vitest';
import { distinctive } from './distinctive';
import { Client, type TestApp } from './test-app';

/**
 * A member holding one of everything the product keeps about a person (issue 31's erasure and
 * export tests): an idea set they saved, a plan with history (a task ticked, a task added), a
 * support ticket with their messages and a staff reply, a TEST payment (simulated gateway), and
 * a profile picture. Every text is distinctive and random, so a search of the whole database
 * for it finds this member's data and nobody else's.
 */
export interface MemberWithData {
  client: Client;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  skill: string;
  ideaTitle: string;
  addedTaskTitle: string;
  ticketSubject: string;
  ticketText: string;
  followUpText: string;
  staffReplyText: string;
  planId: string;
  ticketId: string;
  /** The picture's file-store key (`profile-pictures/<id>.jpg`). */
  pictureKey: string;
}


/** A small real JPEG (the upload route decodes and re-encodes it). */
const jpegPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

/**
 * Gives the member a profile picture through `POST /api/user/upload-profile-picture` (multipart
 * field `profilePicture`), as the profile screen does; answers the picture's file-store key.
 */
export async function givePicture(t: TestApp, member: { client: Client }): Promise<string> {
  const form = new FormData();
  form.append('profilePicture', new Blob([new Uint8Array(await jpegPhoto())], { type: 'image/jpeg' }), 'me.jpg');
  const response = await fetch(new URL('/api/user/upload-profile-picture', t.url), {
    method: 'POST',
    body: form,
    headers: { cookie: `skilly_session=${member.client.sessionCookie}` },
  });
  const body = (await response.json()) as { profilePicture: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.profilePicture.slice('/api/files/'.length);
}

/** A signed-in staff member (`role`), made so by the system. */
export async function staffMember(t: TestApp, role: 'admin' | 'moderator') {
  const details = { firstName: distinctive('Staffirst'), lastName: distinctive('Stafflast'), email: `${distinctive('staff')}@example.com`, password: 'a staff password 123' };
  const signup = await new Client(t.url).post('/api/auth/signup', details);
  expect(signup.status).toBe(201);
  const userId = signup.body.user.id as string;
  await t.services.identity.changeRole(userId, role, 'test staff', { actor: null, requestId: `role-${userId}` });
  await t.services.runner.catchUpAll();
  const { token } = await t.services.identity.startSession(userId);
  return { ...details, userId, client: new Client(t.url, { cookie: `skilly_session=${encodeURIComponent(t.app.signCookie(token))}` }) };
}

export async function memberWithData(t: TestApp, staff: { client: Client }): Promise<MemberWithData> {
  const client = new Client(t.url);
  const details = {
    firstName: distinctive('Qfirst'),
    lastName: distinctive('Qlast'),
    email: `${distinctive('qmail')}@example.com`,
    password: 'correct horse battery staple',
  };
  // With an Idempotency-Key: the kept answer names the new account.
  const signup = await client.post('/api/auth/signup', details, { 'idempotency-key': distinctive('signup') });
  expect(signup.status, signup.text).toBe(201);
  const userId = signup.body.user.id as string;

  const skill = distinctive('Qskill');
  const ideaTitle = distinctive('Qidea');
  const idea = { id: 'a', title: ideaTitle, subtitle: 'For neighbours', description: `Teach ${skill} at home`, category: 'offline', industry: 'Crafts', method: 'Lessons', pricing: '$30' };
  const saved = await client.post('/api/idea-sets', { skill, categories: [{ id: 'offline', name: 'Local', color: 'green' }], ideas: [idea] });
  expect(saved.status, saved.text).toBe(201);

  const generated = await client.post('/api/plans/generate', { ideaTitle, ideaDescription: idea.description, category: 'offline', ideaId: idea.id });
  expect(generated.status, generated.text).toBe(201);
  const planId = generated.body.planId as string;
  const plan = (await client.get(`/api/plans/${planId}`)).body;
  const milestone = plan.milestones[0];
  expect((await client.request('PATCH', `/api/tasks/${milestone.tasks[0].id}/toggle`, { completed: true })).status).toBe(200);
  const addedTaskTitle = distinctive('Qtask');
  expect((await client.post(`/api/plans/${planId}/milestones/${milestone.id}/tasks`, { title: addedTaskTitle })).status).toBe(201);

  const ticketSubject = distinctive('Qsubject');
  const ticketText = distinctive('Qticket');
  const ticket = await client.post('/api/support/tickets', { subject: ticketSubject, message: ticketText });
  expect(ticket.status, ticket.text).toBe(201);
  const ticketId = ticket.body.id as string;
  const followUpText = distinctive('Qfollowup');
  expect((await client.post(`/api/support/tickets/${ticketId}/messages`, { message: followUpText })).status).toBe(201);
  const staffReplyText = distinctive('Qreply');
  const reply = await staff.client.post(`/api/admin/support-tickets/${ticketId}/messages`, { message: staffReplyText });
  expect(reply.status, reply.text).toBe(201);

  // Pro through the simulated gateway's TEST checkout: a payment and a subscription.
  const checkout = await client.post('/api/stripe/create-checkout-session');
  expect(checkout.status, checkout.text).toBe(200);
  const paid = await client.post(`/api/stripe/test-checkout/${String(checkout.body.url).split('/').at(-1)}/pay`);
  expect(paid.status, paid.text).toBe(200);

  const pictureKey = await givePicture(t, { client });
  await t.services.runner.catchUpAll();
  return { client, userId, ...details, skill, ideaTitle, addedTaskTitle, ticketSubject, ticketText, followUpText, staffReplyText, planId, ticketId, pictureKey };
}

/** The texts that name the member or that they wrote, which erasure must leave nowhere. */
export const personalTexts = (member: MemberWithData) => ({
  email: member.email,
  firstName: member.firstName,
  lastName: member.lastName,
  skill: member.skill,
  ideaTitle: member.ideaTitle,
  addedTaskTitle: member.addedTaskTitle,
  ticketSubject: member.ticketSubject,
  ticketText: member.ticketText,
  followUpText: member.followUpText,
  staffReplyText: member.staffReplyText,
});

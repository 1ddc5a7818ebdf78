import { EARLIER_CURSOR_HEADER, THREAD_PAGE_DEFAULT, type TicketMessageDto } from '@contracts/support';
import { HttpResponse } from 'msw';

/**
 * A thread read answered as the server pages it (issue 48): at most `limit` messages (default
 * THREAD_PAGE_DEFAULT), the latest ones, those before `before` or the first ones after `after`,
 * with the x-earlier-cursor header when earlier messages exist. A cursor not in the thread is a 400.
 */
export function threadPage(thread: TicketMessageDto[], url: string) {
  const query = new URL(url, 'http://localhost').searchParams;
  const limit = Number(query.get('limit') ?? THREAD_PAGE_DEFAULT);
  const cursor = query.get('after') ?? query.get('before');
  const at = cursor === null ? thread.length : thread.findIndex((message) => message.id === cursor);
  if (at < 0) return HttpResponse.json({ message: 'The cursor is not a message of this ticket', code: 'invalid_message_cursor' }, { status: 400 });
  if (query.has('after')) {
    const page = thread.slice(at + 1, at + 1 + limit);
    return HttpResponse.json(page, page.length ? { headers: { [EARLIER_CURSOR_HEADER]: page[0]!.id } } : undefined);
  }
  const page = thread.slice(Math.max(0, at - limit), at);
  return HttpResponse.json(page, at - limit > 0 ? { headers: { [EARLIER_CURSOR_HEADER]: page[0]!.id } } : undefined);
}

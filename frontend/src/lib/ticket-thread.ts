import { EARLIER_CURSOR_HEADER, type TicketMessageDto, ticketMessageSchema } from '@contracts/support';
import { type QueryClient, type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequestWithHeaders, notReadyRetry, parseReady } from './api-client';

/**
 * A ticket's thread as a screen holds it (issue 48), for the member's support screen and the
 * staff desk alike: the server answers a bounded page, so the first read is the latest messages,
 * each 3-second poll asks only for the messages after the last one held (`?after=`) and appends
 * them, and "Load earlier messages" reads the page before the first one held (`?before=`, the
 * cursor of the `x-earlier-cursor` header) and puts it in front.
 */
export interface Thread {
  /** Oldest first. */
  messages: TicketMessageDto[];
  /** The `before` cursor of the messages earlier than those held; null when the thread starts here. */
  earlierCursor: string | null;
}

const pageSchema = z.array(ticketMessageSchema);

async function readPage(path: string, query: string, signal?: AbortSignal): Promise<Thread> {
  const { body, headers } = await apiRequestWithHeaders<unknown>(query ? `${path}?${query}` : path, { signal });
  return { messages: parseReady(pageSchema, body), earlierCursor: headers.get(EARLIER_CURSOR_HEADER) };
}

/** `thread` with `messages` added at its end, each once. */
function withNewer(thread: Thread, messages: TicketMessageDto[]): Thread {
  const held = new Set(thread.messages.map((message) => message.id));
  const added = messages.filter((message) => !held.has(message.id));
  return added.length === 0 ? thread : { ...thread, messages: [...thread.messages, ...added] };
}

/**
 * The thread's query under `queryKey`, read from `path` (the messages route). A refetch (a poll,
 * an invalidation after a send) asks only for what is newer than the last message held; when that
 * cursor is refused (the thread was read elsewhere meanwhile), it starts again from the latest page.
 */
export function threadQueryOptions(queryClient: QueryClient, queryKey: QueryKey, path: string) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<Thread> => {
      const last = queryClient.getQueryData<Thread>(queryKey)?.messages.at(-1);
      if (!last) return readPage(path, '', signal);
      try {
        const newer = await readPage(path, `after=${encodeURIComponent(last.id)}`, signal);
        // What is held now: "Load earlier messages" may have added to it while this poll ran.
        return withNewer(queryClient.getQueryData<Thread>(queryKey) ?? { messages: [last], earlierCursor: null }, newer.messages);
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return readPage(path, '', signal);
        throw error;
      }
    },
    ...notReadyRetry,
  });
}

/** "Load earlier messages": reads the page before the first message held and puts it in front. */
export function useLoadEarlierMessages(queryKey: QueryKey, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cursor: string) => readPage(path, `before=${encodeURIComponent(cursor)}`),
    onSuccess: (earlier) =>
      queryClient.setQueryData<Thread>(queryKey, (thread) => {
        if (!thread) return thread;
        const held = new Set(thread.messages.map((message) => message.id));
        return { messages: [...earlier.messages.filter((message) => !held.has(message.id)), ...thread.messages], earlierCursor: earlier.earlierCursor };
      }),
  });
}

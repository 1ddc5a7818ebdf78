import { FORM_NOTICE_ID, type FormNotice, type PostedForm } from '@contracts/form-posts';
import { useQuery } from '@tanstack/react-query';

export const formNoticeQueryKey = ['form-notice'] as const;

/**
 * What the server said about a form the browser posted before the app's scripts ran
 * (contracts/form-posts.ts): in a prerendered page's state (entry-server.tsx), or as JSON in a
 * page the app renders itself. Null on the server and in any other page.
 */
function noticeInPage(): FormNotice | null {
  if (typeof document === 'undefined') return null;
  const script = document.getElementById(FORM_NOTICE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as FormNotice;
  } catch {
    return null;
  }
}

/** The notice the page came with, whichever form it is for. */
export function usePageFormNotice(): FormNotice | null {
  const { data } = useQuery({
    queryKey: formNoticeQueryKey,
    queryFn: noticeInPage,
    initialData: noticeInPage,
    staleTime: Infinity,
  });
  return data ?? null;
}

/** The notice for `form`, if the page came with one. */
export function useFormNotice(form: PostedForm): FormNotice | null {
  const notice = usePageFormNotice();
  return notice?.form === form ? notice : null;
}

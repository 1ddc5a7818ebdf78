import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

/** A form's messages: the first problem of each field, and `root` for the server's answer. */
export type FormProblems<K extends string> = Partial<Record<K | 'root', string>>;

type Checked<S extends z.ZodType, K extends string> = { data: z.output<S>; problems: FormProblems<K> } | { data: null; problems: FormProblems<K> };

/**
 * A form of plain (uncontrolled) inputs checked against a contract's schema when it is submitted,
 * and on every change after a first submit, as react-hook-form does. The schema is loaded on
 * demand (`loadSchema`, a dynamic import): a public page's island keeps zod and the contracts out
 * of its first load, and starts loading them when the person first focuses a field.
 */
export function useCheckedForm<S extends z.ZodType, K extends string>(loadSchema: () => Promise<S>, fields: readonly K[]) {
  const [problems, setProblems] = useState<FormProblems<K>>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);

  const check = useCallback(
    async (form: HTMLFormElement): Promise<Checked<S, K>> => {
      const posted = new FormData(form);
      const values = Object.fromEntries(fields.map((name) => [name, String(posted.get(name) ?? '')]));
      const result = (await loadSchema()).safeParse(values);
      if (result.success) return { data: result.data, problems: {} };
      const found: FormProblems<K> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]) as K;
        if (fields.includes(field) && found[field] === undefined) found[field] = issue.message;
      }
      return { data: null, problems: found };
    },
    [loadSchema, fields],
  );

  return {
    problems,
    submitting,
    /** The server's answer (or a failure) shown as the form's message. */
    setRootProblem: (message: string) => setProblems((current) => ({ ...current, root: message })),
    /**
     * The form element's handlers: submitting checks the fields, then runs `send` with the parsed
     * values; the first focus starts loading the schema; after a first submit each change is
     * checked again (the server's answer stays). The browser's own checks are off.
     */
    formProps: (send: (data: z.output<S>) => Promise<void>) => ({
      noValidate: true,
      onFocus: () => void loadSchema(),
      onChange: (event: FormEvent<HTMLFormElement>) => {
        if (!submitted.current) return;
        void check(event.currentTarget).then(({ problems: found }) => setProblems((current) => ({ ...found, root: current.root })));
      },
      onSubmit: async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        submitted.current = true;
        const { data, problems: found } = await check(event.currentTarget);
        setProblems(found);
        if (data === null) return;
        setSubmitting(true);
        try {
          await send(data);
        } finally {
          setSubmitting(false);
        }
      },
    }),
  };
}

/** The first message in the fields' order, else the server's answer. */
export function firstProblem<K extends string>(problems: FormProblems<K>, order: readonly K[]): string | undefined {
  for (const name of order) if (problems[name]) return problems[name];
  return problems.root;
}

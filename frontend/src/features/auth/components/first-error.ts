import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The first message in form order, or the server's answer stored under `root`. */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly (keyof T)[]): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string') return message;
  }
  return errors.root?.message;
}

import { createContext, useContext } from 'react';
import { InlineText } from '../../../../components/editing/inline-text';
import type { FieldProps } from '../content-field';

export const FieldUpdateContext = createContext<(path: string, value: string) => void>(() => {});

/** A landing text edited in place: the shared `InlineText`, committing to the page's draft by its path. */
export function EditableField({ path, value, as = 'span', rich, className, id }: FieldProps) {
  const update = useContext(FieldUpdateContext);
  return (
    <InlineText
      value={value}
      onCommit={(text) => update(path, text)}
      label={`Edit ${path}`}
      as={as}
      rich={rich}
      className={className}
      id={id}
      field={path}
    />
  );
}

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { CustomizePanel } from '../../../components/idea-request/customize-panel';
import type { IdeaRequestForm } from '../../../lib/idea-request-form';
import type { HeroCustomizeProps } from './hero-view';

/**
 * The customization fields of the hero (loaded when first opened): a form of their own that starts
 * from the hero's values and hands each change back, so the hero's first load carries no form library.
 */
export function HeroCustomizePanel({ values, onChange, enabled, upgradeTo }: HeroCustomizeProps) {
  const form = useForm<IdeaRequestForm>({ defaultValues: values });
  useEffect(() => {
    const { subscribe, getValues } = form;
    return subscribe({ formState: { values: true }, callback: () => onChange(getValues()) });
  }, [form, onChange]);
  return <CustomizePanel control={form.control} enabled={enabled} upgradeTo={upgradeTo} />;
}

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { type IdeaRequestForm, ideaRequestFormDefaults } from '../../lib/idea-request-form';
import { meHandler, member } from '../../test/api';
import { renderRoutes } from '../../test/render';
import { server } from '../../test/server';
import { CustomizePanel } from './customize-panel';

function Panel() {
  const form = useForm<IdeaRequestForm>({ defaultValues: ideaRequestFormDefaults });
  return <CustomizePanel control={form.control} enabled upgradeTo="/upsell" />;
}

describe('the customize panel', () => {
  it('names the income and hours sliders, so a screen reader says what each value is, and moves them from the keyboard', async () => {
    server.use(meHandler(member({ role: 'pro' })));
    renderRoutes({ '/': <Panel /> }, '/');
    const income = screen.getByRole('slider', { name: 'Monthly income goal' });
    const hours = screen.getByRole('slider', { name: 'Available hours per week' });
    expect(income).toHaveAttribute('aria-valuenow', '500');
    expect(hours).toHaveAttribute('aria-valuenow', '10');

    hours.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('slider', { name: 'Available hours per week' })).toHaveAttribute('aria-valuenow', '11');
    expect(screen.getByText('Available hours per week: 11')).toBeInTheDocument();
  });
});

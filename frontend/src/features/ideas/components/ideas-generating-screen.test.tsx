import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { ideasFixture, ideaStream, meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { GenerateIdeasForm } from './generate-ideas-form';
import { IdeasGeneratingScreen } from './ideas-generating-screen';

const skill = 'I draw pets';
const at = `/generating?skill=${encodeURIComponent(skill)}`;

/** The model's text, cut where the second idea begins, as a stream would bring it. */
const answer = JSON.stringify(ideasFixture);
const cut = answer.indexOf('{"id":"offline-1"');
const firstPart = answer.slice(0, cut);
const secondPart = answer.slice(cut);

function renderScreen() {
  return renderRoutes(
    {
      '/generating': (
        <StrictMode>
          <IdeasGeneratingScreen />
        </StrictMode>
      ),
      '/ideas': <h1>Your ideas</h1>,
      '/dashboard': <GenerateIdeasForm />,
    },
    at,
  );
}

describe('the ideas generating screen', () => {
  it('shows each idea as the stream brings it, once per visit', async () => {
    const stream = ideaStream();
    server.use(meHandler(member()), stream.handler);
    renderScreen();

    expect(await screen.findByText(/Turning “I draw pets” into income ideas/)).toBeInTheDocument();
    stream.send({ content: firstPart, generator: 'openai' });
    expect(await screen.findByText('Pet Portrait Commissions')).toBeInTheDocument();
    expect(screen.getByText('Fiverr Gigs')).toBeInTheDocument();
    expect(screen.getByText('AI generator')).toBeInTheDocument();
    expect(screen.queryByText('Market Stall Sketches')).not.toBeInTheDocument();
    expect(screen.getByText('Writing ideas... 1 so far')).toBeInTheDocument();

    stream.send({ content: secondPart, generator: 'openai' });
    expect(await screen.findByText('Market Stall Sketches')).toBeInTheDocument();
    expect(screen.getByText('Writing ideas... 2 so far')).toBeInTheDocument();
    // StrictMode mounts the screen twice: the generation (and its credit) is still asked for once.
    expect(await stream.requests()).toEqual([{ skill }]);
  });

  it('stops the generation when the member leaves the page', async () => {
    const stream = ideaStream();
    server.use(meHandler(member()), stream.handler);
    const { unmount } = renderScreen();
    stream.send({ content: firstPart, generator: 'openai' });
    expect(await screen.findByText('Pet Portrait Commissions')).toBeInTheDocument();
    expect(stream.abandoned()).toBe(false);

    unmount();
    await waitFor(() => expect(stream.abandoned()).toBe(true));
  });

  it('opens the member’s ideas once the generation is complete', async () => {
    const stream = ideaStream();
    server.use(meHandler(member()), stream.handler);
    renderScreen();

    stream.send({ content: answer, generator: 'openai' });
    stream.send({ done: true, ideaSetId: 'set-1', ideas: ideasFixture, generator: 'openai' });
    stream.end();

    expect(await screen.findByText('Generation Complete')).toBeInTheDocument();
    expect(await screen.findByText('Ideas generated!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your ideas' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/ideas$/);
  });

  it('on an error says why and returns to the form with the skill still typed', async () => {
    const stream = ideaStream();
    server.use(meHandler(member()), stream.handler);
    renderScreen();

    stream.send({ content: firstPart, generator: 'openai' });
    stream.send({ error: 'The AI did not answer within 60 seconds.', errorType: 'timeout' });
    stream.end();

    expect(await screen.findByText('The AI took too long. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('The AI did not answer within 60 seconds.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'What are your skills or passions?' })).toHaveValue(skill);
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/dashboard$/));
  });

  it('sends a visitor without a skill home with "No skill provided", asking for nothing', async () => {
    server.use(meHandler(null));
    renderRoutes({ '/generating': <IdeasGeneratingScreen />, '/': <h1>Home</h1> }, '/generating?trial=true');
    expect(await screen.findByText('No skill provided')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});

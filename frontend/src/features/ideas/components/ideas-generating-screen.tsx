import './ideas-generating-screen.css';
import { Callout, Card, Icon, ProgressBar, Tag } from '@blueprintjs/core';
import { useIdeasGeneration } from '../api/use-ideas-generation';
import { StreamingIdeas } from './streaming-ideas';

const countIdeasSoFar = (text: string) => (text.match(/"title"\s*:/g) ?? []).length;

/**
 * /generating for ideas (spec §2, §4, §8): streams the AI's text with a typing animation, then
 * "Generation Complete" and, 0.5 s later, the member's /ideas or the visitor's /ideas-trial
 * (the work is in useIdeasGeneration; this renders it).
 */
export function IdeasGeneratingScreen() {
  const { request, text, generator, complete, ideaCount } = useIdeasGeneration();
  const found = ideaCount ?? countIdeasSoFar(text);

  return (
    <div className="page generating-page">
      <h1 className="page-title">Generating Your Ideas</h1>
      {request ? (
        <p className="muted generating-subtitle">
          Turning “{request.skill}” into income ideas. This usually takes 15-30 seconds.
        </p>
      ) : null}
      <Card className="generating-card" elevation={1}>
        <div className="generating-status" role="status" aria-live="polite">
          {complete ? (
            <>
              <Icon icon="tick-circle" intent="success" size={20} />
              <strong>Generation Complete</strong>
            </>
          ) : (
            <span>{found > 0 ? `Writing ideas... ${found} so far` : 'Thinking about your skill...'}</span>
          )}
          {generator === 'offline' ? (
            <Tag minimal intent="warning" icon="info-sign" className="generator-tag">
              Offline generator
            </Tag>
          ) : generator === 'openai' ? (
            <Tag minimal intent="primary" className="generator-tag">
              AI generator
            </Tag>
          ) : null}
        </div>
        <ProgressBar intent={complete ? 'success' : 'primary'} value={complete ? 1 : undefined} stripes={!complete} animate={!complete} />
        <StreamingIdeas text={text} complete={complete} />
        {generator === 'offline' ? (
          <Callout intent="warning" icon="info-sign" className="generator-note" compact>
            No AI key is configured on this server, so these ideas come from Skilly's offline generator: a built-in catalogue of
            proven income patterns, shaped by the words of your skill.
          </Callout>
        ) : null}
      </Card>
    </div>
  );
}

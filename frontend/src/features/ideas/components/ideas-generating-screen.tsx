import './ideas-generating-screen.css';
import { Callout, Tag } from '@blueprintjs/core';
import { GeneratingScreen } from '../../../components/ui/generating-screen';
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
    <GeneratingScreen
      title="Generating Your Ideas"
      subtitle={request ? <>Turning “{request.skill}” into income ideas. This usually takes 15-30 seconds.</> : undefined}
      phase={complete ? { kind: 'complete' } : { kind: 'working', status: found > 0 ? `Writing ideas... ${found} so far` : 'Thinking about your skill...' }}
      badge={
        generator === 'offline' ? (
          <Tag minimal intent="warning" icon="info-sign" className="generator-tag">
            Offline generator
          </Tag>
        ) : generator === 'openai' ? (
          <Tag minimal intent="primary" className="generator-tag">
            AI generator
          </Tag>
        ) : null
      }
    >
      <StreamingIdeas text={text} complete={complete} />
      {generator === 'offline' ? (
        <Callout intent="warning" icon="info-sign" className="generator-note" compact>
          No AI key is configured on this server, so these ideas come from Skilly's offline generator: a built-in catalogue of
          proven income patterns, shaped by the words of your skill.
        </Callout>
      ) : null}
    </GeneratingScreen>
  );
}

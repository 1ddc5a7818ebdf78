import type { LexiconGroup, SkillKind } from '../skill-kind-list';
import type { IdeaTemplate } from '../template-kit';
import { generalTemplates } from './general';
import { handsOnLexicon, handsOnTemplates } from './hands-on-and-outdoors';
import { performanceLexicon, performanceTemplates } from './performance';
import { professionsLexicon, professionsTemplates } from './professions-and-languages';
import { restorationLexicon, restorationTemplates } from './restoration';
import { sportLexicon, sportTemplates } from './sport';
import { woodworkLexicon, woodworkTemplates } from './woodwork';

/**
 * Kinds of work written apart, each file with its lexicon rows and its templates (issue 51): the
 * four kinds the older lexicon lacked (performers and creators, restorers and collectors, athletes
 * and sport coaching, furniture and wooden goods), and skills of the older kinds that needed ideas
 * of their own; and the general ideas for a skill the reading is unsure of. Their rows come before the older lexicon's, their templates before the older ones.
 */
export const writtenKindLexicon: LexiconGroup[] = [
  ...performanceLexicon,
  ...restorationLexicon,
  ...sportLexicon,
  ...woodworkLexicon,
  ...handsOnLexicon,
  ...professionsLexicon,
];

export const writtenKindTemplates: IdeaTemplate[] = [
  ...performanceTemplates,
  ...restorationTemplates,
  ...sportTemplates,
  ...woodworkTemplates,
  ...handsOnTemplates,
  ...professionsTemplates,
  ...generalTemplates,
];

/**
 * The kinds written whole here: their templates fill every category, so the generator lets no
 * generic pattern ("{Skill} Tips on TikTok & Reels") stand in for their plain business.
 */
export const kindsWrittenWhole: ReadonlySet<SkillKind> = new Set<SkillKind>(['performance', 'restoration', 'sport', 'woodwork']);

/**
 * The panel of skill sentences the offline ideas are checked against (issue 30), each with what a
 * visitor would expect: the words that name every part of the sentence in titles, and the plain
 * business for that person among the titles. Used by idea-panel.unit.spec.ts and by
 * print-idea-panel.ts, which prints the ideas of a sentence as a visitor sees them.
 */
export interface PanelSentence {
  sentence: string;
  /** One pattern per skill of the sentence: each must be in at least two titles (one for a one-skill sentence). */
  parts: RegExp[];
  /** The plain business a person with that skill starts: one title must match. */
  plain: RegExp;
  /** The market the sentence names, as it must appear in a title. */
  market?: RegExp;
}

export const ideaPanel: PanelSentence[] = [
  // trades and repair
  { sentence: 'I repair bicycles', parts: [/bicycle|bike/i], plain: /mobile bicycle repair service|refurbish.*bikes/i },
  { sentence: "I'm a plumber", parts: [/plumbing/i], plain: /plumbing call-out service/i },
  { sentence: "I'm an electrician", parts: [/electrical/i], plain: /electrical work call-out service/i },
  { sentence: 'I fix phones', parts: [/phone/i], plain: /mobile phone repair service/i },
  { sentence: 'I restore old furniture', parts: [/furniture/i], plain: /refurbish & resell used furniture|furniture restoration service/i },
  { sentence: "I'm a carpenter who loves baking", parts: [/carpentry/i, /bak/i], plain: /carpentry call-out service/i },
  // hands-on service at the customer's place, beauty
  { sentence: 'I clean houses', parts: [/house cleaning/i], plain: /local house cleaning service/i },
  { sentence: 'I mow lawns for seniors', parts: [/lawn/i], plain: /lawn mowing service/i, market: /seniors/i },
  { sentence: "I'm a hairdresser", parts: [/hairdressing/i], plain: /mobile hairdressing visits/i },
  { sentence: 'I do makeup for weddings', parts: [/makeup/i], plain: /makeup for weddings/i, market: /weddings/i },
  // made products and crafts
  { sentence: 'I knit', parts: [/knit/i], plain: /knit.*etsy|knitting stall/i },
  { sentence: 'I make candles and soap', parts: [/candle/i, /soap/i], plain: /handmade candles on etsy|candle making stall/i },
  { sentence: 'I make jewelry', parts: [/jewel/i], plain: /handmade jewel.*etsy|jewel.*stall/i },
  { sentence: 'I do pottery', parts: [/pot/i], plain: /pottery stall|handmade pots on etsy/i },
  // food
  { sentence: 'bake sourdough bread', parts: [/sourdough/i], plain: /sourdough bread market stall|weekly sourdough bread subscription/i },
  { sentence: 'I cook for office parties', parts: [/cook/i], plain: /catering/i, market: /office parties/i },
  { sentence: 'I bake cakes for birthdays', parts: [/cake/i], plain: /cake/i, market: /birthdays/i },
  { sentence: 'I can cook Mexican food for parties', parts: [/mexican/i], plain: /catering: mexican food/i, market: /parties/i },
  { sentence: 'I keep bees', parts: [/bee|honey/i], plain: /honey|beekeeping/i },
  // performance at events
  { sentence: 'I sing at funerals', parts: [/singing/i], plain: /singing at funerals/i, market: /funerals/i },
  { sentence: 'I play the violin at weddings', parts: [/violin/i], plain: /violin at weddings/i, market: /weddings/i },
  { sentence: "I'm a DJ", parts: [/dj/i], plain: /djing for weddings & parties/i },
  { sentence: "I'm a magician for kids parties", parts: [/magic/i], plain: /magic for kids' parties/i, market: /kids' parties/i },
  { sentence: "I'm a wedding photographer", parts: [/photography/i], plain: /photography/i },
  // teachable hobbies
  { sentence: 'I teach guitar', parts: [/guitar/i], plain: /private guitar lessons/i },
  { sentence: 'I teach yoga for seniors', parts: [/yoga/i], plain: /yoga (lessons|classes) for seniors/i, market: /seniors/i },
  { sentence: "I'm a personal trainer", parts: [/personal training/i], plain: /private personal training lessons|personal training classes/i },
  // languages
  { sentence: 'I speak Spanish and French fluently', parts: [/spanish/i, /french/i], plain: /spanish translation|private spanish lessons/i },
  { sentence: 'I translate German to English', parts: [/german/i], plain: /german translation gig/i },
  { sentence: 'I speak Japanese', parts: [/japanese/i], plain: /japanese lessons|japanese translation/i },
  // tutoring
  { sentence: 'I tutor maths for high school students', parts: [/maths/i], plain: /private maths tutoring/i, market: /high school students/i },
  // knowledge work
  { sentence: 'I build websites for restaurants', parts: [/website/i], plain: /freelance website building|website building for/i, market: /restaurants/i },
  { sentence: 'I do bookkeeping for small businesses', parts: [/bookkeeping/i], plain: /bookkeeping/i, market: /small businesses/i },
  { sentence: "I'm a software developer and I brew beer", parts: [/software development/i, /brew|beer/i], plain: /freelance software development/i },
  { sentence: "I'm a graphic designer who knits", parts: [/graphic design/i, /knit/i], plain: /freelance graphic design/i },
  // care and regulated professions
  { sentence: "I'm a pharmacist", parts: [/pharmac/i], plain: /locum & agency pharmacist shifts/i },
  { sentence: "I'm a nurse and I knit", parts: [/nurs/i, /knit/i], plain: /locum & agency nurse shifts/i },
  { sentence: "I'm a physiotherapist", parts: [/physiotherap/i], plain: /private physiotherapist home visits/i },
  { sentence: "I'm a lawyer who plays guitar", parts: [/law/i, /guitar/i], plain: /lawyer/i },
  { sentence: "I'm a dentist", parts: [/dent/i], plain: /locum & agency dentist shifts/i },
  { sentence: 'I am a childminder', parts: [/child/i], plain: /registered home childcare|childcare bookings on care\.com/i },
  // creative writing and art
  { sentence: 'I paint portraits', parts: [/portrait|painting/i], plain: /commissioned paintings|portrait painting stall/i },
  { sentence: 'I write poetry', parts: [/poe/i], plain: /commissioned poems/i },
  // animals
  { sentence: 'I walk dogs', parts: [/dog walking/i], plain: /local dog walking service/i },
  { sentence: 'I train horses', parts: [/horse/i], plain: /horse training service/i },
  { sentence: 'I groom dogs', parts: [/groom/i], plain: /grooming service/i },
];

/** The ten sentences of the closing note, varied across kinds of work. */
export const visitorSample = [
  'I repair bicycles',
  "I'm a pharmacist",
  'I sing at funerals',
  'I cook for office parties',
  "I'm a nurse and I knit",
  'I speak Spanish and French fluently',
  'I teach yoga for seniors',
  'I walk dogs',
  "I'm a graphic designer who knits",
  'I make candles and soap',
];

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
  /** What a visitor would find senseless for this person, in a title or subtitle (from the review of the first pass). */
  forbidden?: RegExp;
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
  { sentence: "I'm a DJ", parts: [/dj/i], plain: /djing for weddings & parties/i, forbidden: /video gig|video messages/i },
  { sentence: "I'm a magician for kids parties", parts: [/magic/i], plain: /magic for kids' parties/i, market: /kids' parties/i },
  { sentence: "I'm a wedding photographer", parts: [/photography/i], plain: /photography/i },
  // teachable hobbies
  { sentence: 'I teach guitar', parts: [/guitar/i], plain: /private guitar lessons/i },
  { sentence: 'I teach yoga for seniors', parts: [/yoga/i], plain: /yoga (lessons|classes) for seniors/i, market: /seniors/i },
  { sentence: "I'm a personal trainer", parts: [/personal training/i], plain: /private personal training lessons|personal training classes/i },
  // languages
  { sentence: 'I speak Spanish and French fluently', parts: [/spanish/i], plain: /spanish translation|private spanish lessons/i },
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

  // The review of the first pass: 22 sentences outside the panel, each with what it got wrong.
  { sentence: 'I translate Italian legal documents', parts: [/italian/i], plain: /italian translation/i, forbidden: /lessons?\b|class|online course|conversation|tutorial|learning tips|legal document/i },
  { sentence: 'I coach people at the gym', parts: [/personal training/i], plain: /personal training sessions/i, forbidden: /\bat gym|life coaching|after-school/i },
  { sentence: 'I photograph weddings', parts: [/photograph/i], plain: /wedding & event photography packages/i, forbidden: /art fair|patreon|prints & digital|custom photos on fiverr|guests watch|wedding photography for corporate/i },
  { sentence: 'I fix leaking taps and toilets', parts: [/plumbing/i], plain: /plumbing call-out service/i, forbidden: /toilet|leaking tap|lessons/i },
  { sentence: "I'm a retired teacher", parts: [/schoolwork|teaching/i], plain: /private schoolwork tutoring|supply teaching days/i, forbidden: /teaching (online course|club|challenge|review|consultation)|after-school teaching/i },
  { sentence: "I'm a beekeeper", parts: [/beekeeping|honey|hive/i], plain: /local honey/i, forbidden: /recipe|catering/i },
  { sentence: 'I make birthday cakes for kids', parts: [/cake/i], plain: /custom birthday cake orders/i, market: /kids' parties/i, forbidden: /for kids$|catering|weekly birthday cake subscription|pre-order .* drops/i },
  { sentence: "I'm a tattoo artist", parts: [/tattoo/i], plain: /guest spots in licensed tattoo studios|custom tattoo design commissions/i, forbidden: /art fair|wedding|event|lesson|workshop|course|tutorial|mobile|cafés/i },
  { sentence: "I'm a dental hygienist", parts: [/dental hygien/i], plain: /dental hygienist shifts/i, forbidden: /dentist\b/i },
  { sentence: "I'm a family lawyer", parts: [/family law/i], plain: /fixed-fee family law consultations/i, forbidden: /shifts|home visits|checks and advice|employers|^law\b/i },
  { sentence: "I'm a therapist", parts: [/counselling|therapist/i], plain: /online counselling sessions|private counselling practice/i, forbidden: /shifts|home visits|checks and advice/i },
  { sentence: 'I knit for babies', parts: [/knit/i], plain: /knit.*(etsy|orders)/i, market: /babies/i, forbidden: /stall for babies|for babies & /i },
  { sentence: 'I train dogs', parts: [/dog training/i], plain: /puppy & group dog training classes/i, forbidden: /checkatrade|rover|holiday cover|sitting/i },
  { sentence: "I'm a barber", parts: [/barber/i], plain: /barbering bookings on booksy|mobile barbering visits/i, forbidden: /checkatrade|weddings|brides/i },
  { sentence: 'I do office cleaning', parts: [/office cleaning/i], plain: /office cleaning contracts/i, forbidden: /households|for offices/i },
  { sentence: "I'm a video editor", parts: [/video editing/i], plain: /freelance video editing/i, forbidden: /team sessions|help for seniors/i },
  { sentence: "I'm an accountant", parts: [/accounting/i], plain: /freelance accounting/i, forbidden: /team sessions|ugc|social media manager|help for seniors/i },
  { sentence: "I'm a carpenter who paints", parts: [/carpentry/i, /decorat/i], plain: /carpentry call-out service/i, forbidden: /art fair|prints &|commissioned|gallery|painting\b(?! and)/i },
  { sentence: 'I make wedding dresses', parts: [/wedding dress/i], plain: /made-to-measure wedding dresses/i, forbidden: /favours|stall|gift shops|ugc/i },
  { sentence: 'I sew', parts: [/sew/i], plain: /sewn pieces on etsy|custom sewing orders/i },
  { sentence: "I'm an electrician and I play drums", parts: [/electrical/i, /drum/i], plain: /electrical work call-out service/i, forbidden: /electrical work & drum|drum(s|ming)-themed|drum(s|ming) (channel|newsletter)/i },
  { sentence: "I'm a DJ and a photographer", parts: [/dj/i, /photograph/i], plain: /djing for weddings & parties/i, forbidden: /video gig|art fair/i },
  // A market named in the sentence (third pass): the first idea of every category is for it.
  { sentence: 'I play the piano at funerals', parts: [/piano/i], plain: /piano at funerals/i, market: /funerals/i },
  { sentence: 'I bake for office parties', parts: [/bak/i], plain: /catering for office parties/i, market: /office parties/i },
  { sentence: "I'm a DJ for weddings", parts: [/dj/i], plain: /djing for weddings/i, market: /weddings/i },
  { sentence: 'I cut hair for seniors', parts: [/hair/i], plain: /hair cutting for seniors/i, market: /seniors/i },
  { sentence: 'I cook meals for new parents', parts: [/meal/i], plain: /meal deliveries for new parents/i, market: /new parents/i },
  { sentence: 'I do photography for small businesses', parts: [/photograph/i], plain: /photograph/i, market: /small businesses/i },
  { sentence: "I'm a clown for kids' parties", parts: [/clown/i], plain: /clown for kids' parties/i, market: /kids' parties/i },
  { sentence: 'I knit jumpers for dog owners', parts: [/knit/i], plain: /knitted .*for dog owners/i, market: /dog owners/i },
  { sentence: 'I take photos for new parents', parts: [/photo/i], plain: /photograph/i, market: /new parents/i },
];

/** The ten sentences of the closing note, varied across kinds of work. */
export const visitorSample = [
  'I repair bicycles',
  "I'm a pharmacist",
  'I sing at funerals',
  'I cook for office parties',
  "I'm a nurse and I knit",
  'I speak Spanish and French fluently',
  'I photograph weddings',
  'I train dogs',
  "I'm a graphic designer who knits",
  "I'm a family lawyer",
];

/**
 * The review panel of issue 51: sentences a visitor might really type, written before the offline
 * generator was changed for that issue, none of them in `ideaPanel` (idea-panel.ts, issue 30). The
 * ideas each produces are read by hand (docs/offline-ideas-review.md: senseless, acted on, neither)
 * before and after the change; print-review-panel.ts prints them as a visitor sees them.
 *
 * `kind` says how the generator's reading (`classifySkill`, skill-kinds.ts, over skill-lexicon.ts)
 * took the sentence at the time the panel was written:
 * - 'known': a lexicon term that names the person's own work matched, in a row that is that work
 *   (or a plain umbrella for it: tennis in "sports coaching");
 * - 'unknown': no lexicon term matched (kind `general`, or a kind guessed from a word such as
 *   "restore" or "design"), or the term that matched is an object, a place or a medium rather than
 *   the work ("video" in TikTok dance videos, "garden" in beehives, "clock" read as watch repair),
 *   or it sits in a neighbouring row ("triathlon", "swimming" and "cyclist" in "running coaching",
 *   "firefighter" in "security work").
 * `note` is that reading, for the next engineer.
 */
export interface ReviewSentence {
  sentence: string;
  kind: 'known' | 'unknown';
  note?: string;
  /**
   * The person's plain business, of which at least one title speaks (the mechanical rules' last:
   * "the plain business of each sentence among the titles"): what someone with that skill starts
   * first (a triathlete's training plans, honey from six hives, walking tours in Lisbon).
   */
  plainBusiness: RegExp;
}

export const reviewPanel: ReviewSentence[] = [
  // Performers and content creators
  { sentence: 'I make TikTok dance videos', kind: 'unknown', note: 'issue 51; read as videography on "video"; dance is not the skill read', plainBusiness: /\bDance (Classes|Lessons|Workshops)\b|Brand Deals|Choreograph/i },
  { sentence: 'I play bass in a covers band', kind: 'unknown', note: 'read as "bass" in the live-music row on "band"', plainBusiness: /\b(Band|Function Band|Covers Band)\b.*\b(Weddings?|Bookings?|Functions?)\b|\bBass Lessons\b/i },
  { sentence: 'I post cooking videos on YouTube', kind: 'unknown', note: 'read as "cooking video posting", videography on "video"', plainBusiness: /Sponsor|Recipe (Ebook|Book)|Cooking Class|Brand Deals/i },
  { sentence: 'I write and record my own songs', kind: 'unknown', note: 'split into "writing" (copywriting row, knowledge) and "song recording"', plainBusiness: /Custom Songs|Sync|Licens|Commissioned Songs|Streaming/i },
  { sentence: "I'm a street performer", kind: 'unknown', note: 'no lexicon term: general', plainBusiness: /Busk|Festival|Private (Event|Party)/i },
  { sentence: 'I do stand-up comedy', kind: 'known', note: 'comedy row (event)', plainBusiness: /Comedy (Nights|Gigs|Club)|Corporate/i },
  { sentence: 'I stream video games on Twitch', kind: 'known', note: 'gaming row on "video game"', plainBusiness: /Twitch|Subscri|Sponsor/i },
  // Restorers and collectors
  { sentence: 'I restore antique clocks', kind: 'unknown', note: 'issue 51; "antique clock restoration" in the watch-repair row on the object "clock"', plainBusiness: /Clock (Restoration|Repair)|Restored (Antique )?Clocks/i },
  { sentence: 'I fix old vinyl record players', kind: 'unknown', note: 'issue 51; no lexicon term, trade guessed from "fix"', plainBusiness: /(Refurbish|Restor|Resell).*(Record Player|Turntable)|(Record Player|Turntable).*(eBay|Discogs|Sale)/i },
  { sentence: 'I restore classic cars', kind: 'unknown', note: 'car-repair row on the object "car"', plainBusiness: /Classic Car|Restoration Projects?|Resell/i },
  { sentence: 'I repair vintage cameras', kind: 'known', note: 'camera-repair row', plainBusiness: /Camera (Repair|Servic|Refurbish)|Refurbished (Vintage )?Cameras/i },
  { sentence: 'I collect and sell vintage vinyl records', kind: 'known', note: 'vintage-and-collectables row on "collecting"', plainBusiness: /Discogs|Record (Fair|Stall|Shop)|eBay/i },
  // Athletes and sport coaching
  { sentence: 'I train for triathlons', kind: 'unknown', note: 'issue 51; "triathlons" in the running-coaching row; an athlete, not a coach', plainBusiness: /Triathlon (Training Plans?|Coaching)/i },
  { sentence: "I'm a rock climber", kind: 'unknown', note: 'no lexicon term ("climber" is not one): general', plainBusiness: /Climbing (Coaching|Lessons|Instruct|Courses?)|Route Setting/i },
  { sentence: 'I swim competitively', kind: 'unknown', note: 'swimming sits in the running-coaching row; an athlete', plainBusiness: /Swim(ming)? (Coaching|Lessons|Training Plans?)/i },
  { sentence: 'I teach swimming to kids', kind: 'unknown', note: 'swimming in the running-coaching row; market: kids', plainBusiness: /Swimming Lessons|Swim School/i },
  { sentence: "I'm a long-distance cyclist", kind: 'unknown', note: 'read as "long-distance running coaching" on "cyclist"', plainBusiness: /Cycling (Coaching|Training Plans?|Tours?)|Bike Fit|Rides?\b/i },
  { sentence: 'I run marathons', kind: 'known', note: 'running-coaching row on "running"', plainBusiness: /Running (Coaching|Club|Training Plans?)|Marathon (Training|Coaching)/i },
  { sentence: 'I coach youth football', kind: 'known', note: 'sports-coaching row on "football"', plainBusiness: /Football (Coaching|Camps?|Sessions|Academy)/i },
  { sentence: 'I play tennis at club level', kind: 'known', note: 'sports-coaching row on "tennis"', plainBusiness: /Tennis (Lessons|Coaching|Hitting)/i },
  // Furniture and wooden goods
  { sentence: 'I am a retired carpenter', kind: 'known', note: 'issue 51; carpentry row (trade)', plainBusiness: /Furniture|Woodworking (Classes|Workshops?|Lessons)|Carpentry/i },
  { sentence: 'I make wooden toys', kind: 'known', note: 'toy-making row', plainBusiness: /Wooden Toys/i },
  { sentence: 'I build furniture from reclaimed wood', kind: 'known', note: 'woodworking row on "furniture"', plainBusiness: /Reclaimed|Furniture (to Order|Commissions?|for Sale)/i },
  { sentence: 'I carve wooden spoons and chopping boards', kind: 'unknown', note: 'no lexicon term ("carve" is not one): general, two skills', plainBusiness: /Spoons?|Chopping Boards?/i },
  // Health, languages and other work
  { sentence: "I'm a night-shift ICU nurse", kind: 'known', note: 'issue 51; nursing row, read as "night-shift icu nursing"', plainBusiness: /Agency|Locum|Bank (Shifts|Nursing)|Shifts/i },
  { sentence: 'I speak Mandarin and English fluently', kind: 'known', note: 'issue 51; language row, two skills', plainBusiness: /Translation|Interpret/i },
  { sentence: "I'm bilingual in Korean and English", kind: 'known', note: 'language row, but read as "bilingual" and "english": Korean is lost', plainBusiness: /Korean.*(Translation|Interpret)|(Translation|Interpret).*Korean/i },
  { sentence: "I'm a sign language interpreter", kind: 'known', note: 'language row on "sign language"', plainBusiness: /Interpret/i },
  { sentence: "I'm a primary school teacher who speaks French", kind: 'known', note: 'teaching row (tutoring) and French (language)', plainBusiness: /Tutor|French (Lessons|Classes|Club)/i },
  { sentence: "I'm a drone pilot", kind: 'known', note: 'videography row on "drone pilot"', plainBusiness: /Aerial|Roof|Survey|Estate Agent|Property/i },
  { sentence: "I'm a sommelier", kind: 'known', note: 'wine row (food)', plainBusiness: /Tasting/i },
  { sentence: 'I do fine-line tattoos', kind: 'known', note: 'tattooing row (beauty)', plainBusiness: /Tattoo|Flash|Guest Spot/i },
  { sentence: 'I play chess', kind: 'known', note: 'chess row (hobby)', plainBusiness: /Chess (Lessons|Coaching|Club|Tutor)/i },
  { sentence: 'I grow vegetables on my balcony', kind: 'known', note: 'growing-produce row (food)', plainBusiness: /Balcony|Seedlings?|Plants?\b/i },
  { sentence: 'I fix washing machines', kind: 'known', note: 'appliance-repair row', plainBusiness: /Washing Machine (Repair|Servic)|Appliance Repair|Refurbish/i },
  { sentence: "I'm good with Excel", kind: 'known', note: 'data-analysis row on "excel"', plainBusiness: /Excel|Spreadsheet|Dashboard/i },
  { sentence: "I'm a retired accountant", kind: 'known', note: 'accounting row (knowledge)', plainBusiness: /Bookkeeping|Tax Returns?|Accounts/i },
  { sentence: 'I have six beehives in my back garden', kind: 'unknown', note: 'read as "six beehive" gardening on the place "garden"', plainBusiness: /Honey|Beeswax|Hive/i },
  { sentence: 'I design balcony gardens for people in flats', kind: 'unknown', note: 'read as "balcony design", graphic-design row on "design"', plainBusiness: /Balcony Garden|Balcony (Makeover|Planting|Design)/i },
  { sentence: "I'm a truck driver", kind: 'unknown', note: 'no lexicon term: general', plainBusiness: /Owner-Driver|Courier|HGV|Haulage|Deliver|Driving Instructor|Removal/i },
  { sentence: "I'm a retired firefighter", kind: 'unknown', note: 'security-work row (regulated) on "firefighter"', plainBusiness: /Fire Safety|Fire Risk|Fire Marshal/i },
  { sentence: 'I make custom sneakers', kind: 'unknown', note: 'no lexicon term, made-product guessed from "making"', plainBusiness: /Custom Sneaker|Sneaker Commission/i },
  { sentence: "I'm a scuba diving instructor", kind: 'unknown', note: 'no lexicon term: general', plainBusiness: /Dive|Diving|PADI|Snorkel/i },
  { sentence: "I'm a cosplayer who sews costumes", kind: 'unknown', note: '"cosplayer" general, "costume sewing" in the sewing row', plainBusiness: /Costume Commission|Cosplay Commission|Custom Costumes|Costume Patterns/i },
  { sentence: "I'm a tour guide in Lisbon", kind: 'unknown', note: 'no lexicon term: general', plainBusiness: /Lisbon.*(Tours?|Walks?)|Walking Tours|GetYourGuide|Airbnb Experiences/i },
];

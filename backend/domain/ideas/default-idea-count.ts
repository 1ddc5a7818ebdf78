/**
 * How many ideas the default settings generate (design §5: ideas per category × categories,
 * defaults 3 × 4). The AI settings take their defaults from here, and the default homepage copy
 * states this count, so the copy and the product agree until an admin changes either.
 */
export const defaultIdeasPerCategory = 3;

/** The default idea categories, one `key | label | keywords` line each (back-office §2). */
export const defaultIdeaCategoryLines = [
  'fiverr | Fiverr Gigs | fiverr, gig, freelance, marketplace, service package, quick delivery',
  'online | Online Business | digital product, online course, ebook, templates, remote clients, newsletter, affiliate',
  'offline | Local/Offline | local, in-person, workshop, lessons, events, small businesses, community',
  'social | Social Media | youtube, tiktok, instagram, content creation, sponsorship, ugc, audience',
] as const;

export const defaultIdeaCount = defaultIdeasPerCategory * defaultIdeaCategoryLines.length;

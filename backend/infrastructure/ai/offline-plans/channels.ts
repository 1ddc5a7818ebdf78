import type { ResourceKey, StageKey, TaskTemplate } from '../offline-plan-catalogue';

/**
 * The channels an offline plan is built for: where the idea is sold, booked or published. A
 * closed list; every plan is for exactly one of them, and names no other.
 *
 * | id              | the channel                                            | ideas it serves (offline idea generator)           |
 * |-----------------|--------------------------------------------------------|----------------------------------------------------|
 * | fiverr          | Fiverr gigs                                            | every Fiverr idea                                  |
 * | upwork          | Upwork profile and Project Catalog                     | remote freelancer, UGC creator                     |
 * | etsy            | an Etsy shop                                           | printables and print-on-demand                     |
 * | gumroad         | Gumroad product pages                                  | template packs, ebooks, scripts                    |
 * | teachable       | a Teachable school (online courses)                    | online courses                                     |
 * | youtube         | a YouTube channel                                      | tutorial channels                                  |
 * | tiktok          | a TikTok account                                       | short tips videos                                  |
 * | instagram       | an Instagram professional account                      | carousels, social media management                 |
 * | pinterest       | a Pinterest business account                           | pins to digital products                           |
 * | linkedin        | a LinkedIn profile                                     | authority posts, corporate team sessions           |
 * | twitch          | a Twitch channel                                       | live streams                                       |
 * | substack        | a Substack newsletter                                  | paid newsletters                                   |
 * | patreon         | a Patreon membership                                   | membership communities                             |
 * | discord         | a Discord server                                       | paid challenges                                    |
 * | eventbrite      | Eventbrite events (in person or online)                | local workshops, live cohort workshops             |
 * | website         | the member's own website                               | online coaching, review blogs                      |
 * | google-business | Google Business Profile and local word of mouth        | private lessons, local services                    |
 * | nextdoor        | Nextdoor                                               | neighbourhood subscriptions                        |
 * | thumbtack       | Thumbtack                                              | home and trade jobs found through Thumbtack        |
 * | market          | local markets and craft fairs                          | market stalls                                      |
 * | venues          | wedding and event venues and planners                  | wedding and event bookings                         |
 * | walk-in         | local businesses, visited in person                    | services for local businesses                      |
 * | community       | schools, community centres and noticeboards            | after-school clubs, help for seniors               |
 *
 * A channel is read from an idea by the platforms its words name (`brand`), then by the places
 * they describe (`phrase`); see `read-idea.ts`.
 */
export const channelIds = [
  'fiverr', 'upwork', 'etsy', 'gumroad', 'teachable', 'youtube', 'tiktok', 'instagram', 'pinterest', 'linkedin', 'twitch',
  'substack', 'patreon', 'discord', 'eventbrite', 'website', 'walk-in', 'google-business', 'nextdoor', 'thumbtack', 'market',
  'venues', 'community',
] as const;
export type ChannelId = (typeof channelIds)[number];

/** One week of a channel's plan: its own title, description, success criteria, tasks and resources. */
export interface ChannelWeek {
  title: string;
  description: string;
  successCriteria: string;
  tasks: TaskTemplate[];
  free?: ResourceKey[];
  paid?: ResourceKey[];
}

export interface Channel {
  id: ChannelId;
  /** The channel in a sentence: "Etsy", "local markets". */
  name: string;
  /** Platforms whose names in an idea mean this channel. */
  brand?: RegExp;
  /** Places an idea describes that mean this channel, when it names no platform. */
  phrase?: RegExp;
  /** What week 1 sets up, for the overview: "your Etsy shop". */
  setup: string;
  /** How the offer reaches buyers, for the overview: "sold on Etsy". */
  via: string;
  /** What the member publishes there: "gig", "listing", "channel". */
  listing: string;
  /** What buyers pay for, plural: "orders", "bookings". */
  sales: string;
  /** Who pays when the idea does not say: "shoppers". */
  buyers: string;
  /** The channel's home (a platform) or, for a place without one, the tool it runs on. */
  home: ResourceKey;
  /** The channel in help text ("search {where} the way a buyer would"). */
  where: string;
  /** Whether the channel is a platform with an account (help answers account questions with it). */
  platform: boolean;
  free: ResourceKey[];
  paid: ResourceKey[];
  weeks: Record<StageKey, ChannelWeek>;
}

const week = (
  title: string,
  description: string,
  successCriteria: string,
  tasks: TaskTemplate[],
  resources: { free?: ResourceKey[]; paid?: ResourceKey[] } = {},
): ChannelWeek => ({ title, description, successCriteria, tasks, ...resources });

export const channels: Record<ChannelId, Channel> = {
  fiverr: {
    id: 'fiverr',
    name: 'Fiverr',
    brand: /\bfiverr\b/i,
    setup: 'your Fiverr seller profile and gig packages',
    via: 'sold as a Fiverr gig',
    listing: 'gig',
    sales: 'orders',
    buyers: 'buyers',
    home: 'fiverr',
    where: 'Fiverr',
    platform: true,
    free: ['fiverrHelp'],
    paid: ['fiverrLearn'],
    weeks: {
      setup: week('Set Up {offer} on Fiverr', 'Open your Fiverr seller account and shape {offer} into a gig {buyers} can compare at a glance: packages, prices and delivery times.', 'Seller profile complete, 10 competing gigs studied and three packages of {offer} priced.', [
        ['Create your Fiverr seller account and profile', 'A clear photo, a headline that names {buyers}, and a description of the result you deliver with {skill}.'],
        ["Study 10 competitors' gigs on Fiverr", 'Search the words {buyers} would type, open the ten best-ranked gigs and note their prices, packages, delivery times and what their reviews praise or complain about.'],
        ['Price Basic, Standard and Premium gig packages', 'Write exactly what each package of {offer} includes (deliverables, revisions, delivery days) and price them from your notes on competing gigs.'],
        ['Connect your Fiverr payout method', 'Add PayPal or a bank account under Earnings, so the money of your first order can reach you.'],
      ]),
      launch: week('Publish the {offer} Gig on Fiverr', 'Turn last week\'s packages into a live Fiverr gig: a searchable title, a gallery that shows results and an FAQ that answers {buyers} before they ask.', 'The gig is live with 3 packages, 3 gallery images, an FAQ and 5 search tags.', [
        ['Write the Fiverr gig title and five search tags', 'Start with "I will" and the words {buyers} search for; check the suggestions in Fiverr\'s search box.'],
        ['Make three Fiverr gig gallery images', 'Show finished results of {offer}, not your process; the first image is your thumbnail in Fiverr search.'],
        ['Write the gig FAQ and buyer requirements', 'Five answers to the questions {buyers} ask most, and the requirements form they fill in when they order.'],
      ]),
      first: week('Win Your First Fiverr Orders', 'With the gig live, go after the first three orders: buyer briefs, a launch price and fast replies that lift {offer} in Fiverr search.', '10 tailored offers sent to buyer briefs and the first 3 Fiverr orders of {offer} received.', [
        ['Answer five Fiverr buyer briefs a day', 'Open Briefs in your seller dashboard and send a short offer that repeats the buyer\'s need and names the package that fits.'],
        ['Set a launch price on the Basic package', 'Lower the Basic package until your first five reviews, then put it back; note the end date now.'],
        ['Keep your Fiverr response time under an hour', 'Turn on notifications in the Fiverr app; fast replies count toward your gig\'s ranking.'],
      ]),
      deliver: week('Deliver Every Fiverr Order on Time', 'Deliver the first orders of {offer} a day early, with a delivery note {buyers} are glad to review.', 'Every order delivered on time, 3 five-star Fiverr reviews and no late deliveries.', [
        ['Deliver through Fiverr with a short delivery note', 'Attach the files, explain in three lines what you made and how to use it, and offer one revision.'],
        ['Ask each buyer for a Fiverr review after delivery', 'A friendly line once they accept the delivery: what did {offer} change for them?'],
      ]),
      grow: week('Climb Fiverr Search with {offer}', 'Use your first reviews to rank higher: refine the gig from its Fiverr analytics and add the extras {buyers} already asked for.', 'Gig impressions and clicks up on week 3, two gig extras live and one order with an extra.', [
        ['Read your Fiverr gig analytics', 'Impressions, clicks, orders and conversion for the last 14 days; note which of them is weakest.'],
        ['Add two Fiverr gig extras', 'Fast delivery and the extra {buyers} asked for most, each with a clear price.'],
        ['Rework the gig thumbnail or title from your analytics', 'Few clicks: change the first gallery image. Clicks but few orders: change the title and package names.'],
      ]),
      scale: week('Raise Your Fiverr Prices and Keep Buyers', 'Turn {offer} into steady Fiverr income: higher prices backed by reviews, and repeat buyers on a monthly package.', 'Package prices raised at least 20%, a monthly subscription offered and one repeat buyer.', [
        ['Raise the Standard gig package by 20%', 'With reviews in hand, raise the middle package first; buyers already in progress keep the old price.'],
        ['Offer a monthly Fiverr subscription to repeat buyers', 'Turn on subscriptions for the gig and offer it in your delivery message to buyers who ordered twice.'],
      ]),
    },
  },

  upwork: {
    id: 'upwork',
    name: 'Upwork',
    brand: /\bupwork\b/i,
    setup: 'your Upwork freelancer profile',
    via: 'sold to clients on Upwork',
    listing: 'Upwork profile',
    sales: 'contracts',
    buyers: 'clients',
    home: 'upwork',
    where: 'Upwork',
    platform: true,
    free: ['upworkHelp'],
    paid: ['upworkPlus'],
    weeks: {
      setup: week('Build Your Upwork Profile for {offer}', 'Open your Upwork freelancer profile and shape {offer} for {buyers}: a specialised title, portfolio pieces and a rate you can defend.', 'Profile complete with title, overview, three portfolio pieces and a rate; 10 Upwork job posts studied.', [
        ['Create your Upwork freelancer profile', 'Photo, a title that names {skill} and {buyers}, and an overview whose first two lines say the result you deliver.'],
        ['Study 10 Upwork job posts for {skill}', 'Note the budgets, the words clients use, what they ask for and how many proposals each already has.'],
        ['Add three portfolio projects on Upwork', 'Real or self-initiated projects for {buyers}, each with the problem, what you did and the result.'],
        ['Set your Upwork hourly rate and a fixed-price offer', 'Pick a rate from the budgets you noted, and write one fixed-price version of {offer} for clients who prefer it.'],
      ]),
      launch: week('List {offer} in the Upwork Project Catalog', 'Build on the profile: a ready-to-buy project in Upwork\'s Project Catalog and a proposal template, so {buyers} can hire you two ways.', '1 Project Catalog offer with 3 tiers live and a proposal template sent at least 5 times.', [
        ['Publish an Upwork Project Catalog offer with three tiers', 'Starter, standard and advanced scopes of {offer}, each with a delivery time and what is included.'],
        ['Write your Upwork proposal template', 'A first line about the client\'s problem, one relevant sample, your approach in three steps and one question.'],
        ['Add the ten skills clients filter for to your Upwork profile', 'In the words their job posts use, so your profile shows up in their searches.'],
      ]),
      first: week('Win Your First Upwork Contract', 'Use the profile and proposal template to apply where you fit best, until the first contract for {offer} is signed.', '25 tailored proposals sent, 3 interviews and the first Upwork contract signed.', [
        ['Send five tailored Upwork proposals a day', 'Only to posts under 24 hours old with fewer than 15 proposals; personalise the first line every time.'],
        ['Track Upwork proposals, views and interviews in a sheet', 'Which openings get replies? Keep those and drop the rest.'],
        ['Prepare a 15-minute Upwork interview script', 'Their goal, deadline and budget, then the plan you propose and the next step.'],
      ]),
      deliver: week('Deliver Your First Upwork Contracts', 'Deliver the first contracts of {offer} in milestones, with updates that earn five-star Upwork feedback.', 'Every milestone delivered on time, 2 five-star Upwork feedbacks and one client asking for more.', [
        ['Split each Upwork contract into funded milestones', 'Agree small milestones with clear deliverables, so you are paid as you go.'],
        ['Ask for Upwork feedback when a contract ends', 'Close the contract with a short summary of the results and ask for honest feedback.'],
      ]),
      grow: week('Grow Your Upwork Job Success Score', 'Use the first feedback to win better contracts: a stronger profile, past clients invited back and larger budgets.', 'Job Success Score visible, 2 invitations to new jobs and one contract above your first rate.', [
        ['Add results from your first contracts to your Upwork profile', 'Outcomes and client quotes in your overview and portfolio.'],
        ['Spend Upwork Connects only on your best-fit posts', 'Look at which proposals led to interviews and apply only to posts like those.'],
        ['Invite past clients to a new Upwork contract', 'Offer the next step of {offer} to each happy client, with a clear scope and price.'],
      ]),
      scale: week('Raise Your Upwork Rate and Land Ongoing Work', 'Turn {offer} into steady Upwork income: a higher rate and ongoing contracts with your best clients.', 'Rate raised at least 20% and one ongoing hourly or monthly Upwork contract running.', [
        ['Raise your Upwork rate by 20% for new clients', 'Running contracts keep their rate; new proposals quote the new one.'],
        ['Propose an ongoing monthly Upwork contract to your best client', 'A fixed number of hours a month at a small discount, billed weekly through Upwork.'],
      ]),
    },
  },

  etsy: {
    id: 'etsy',
    name: 'Etsy',
    brand: /\betsy\b/i,
    setup: 'your Etsy shop',
    via: 'sold in an Etsy shop',
    listing: 'Etsy listings',
    sales: 'orders',
    buyers: 'shoppers',
    home: 'etsy',
    where: 'Etsy',
    platform: true,
    free: ['etsyHandbook'],
    paid: ['erank', 'marmalead'],
    weeks: {
      setup: week('Open Your Etsy Shop for {offer}', 'Open an Etsy shop for {offer}: the shop name, policies and payments, and a close look at what already sells to {buyers}.', 'Etsy shop open with name, banner, policies and Etsy Payments; 10 best-selling listings studied.', [
        ['Open your Etsy shop and choose a shop name', 'A name {buyers} will remember that says what you sell; add a banner and a shop icon.'],
        ['Study 10 best-selling Etsy listings like {offer}', 'Search Etsy the way {buyers} do; note prices, titles, photos, shipping and what reviews praise or complain about.'],
        ['Set up Etsy Payments and your shop policies', 'Bank details, returns and exchanges, processing time and a short shop FAQ.'],
        ['Price each item with Etsy\'s fees included', 'Add materials, your time, the listing, transaction and payment fees and shipping; price for a profit, not just a sale.'],
      ]),
      launch: week('Publish Your First Ten Etsy Listings', 'Turn the shop you opened into a catalogue: ten Etsy listings with photos, titles and tags {buyers} search for.', '10 Etsy listings live, each with 5 photos, 13 tags and a title built from Etsy search.', [
        ['Write Etsy titles and 13 tags from search suggestions', 'Type your main words into Etsy search and use the phrases it suggests, the most important first.'],
        ['Make five pictures for each Etsy listing', 'Daylight or clean mock-ups, one picture in use and one showing size; the first picture is your thumbnail.'],
        ['Publish ten Etsy listings', 'Ten listings give Etsy search enough to show; vary colours, sizes or themes rather than copying one listing.'],
      ]),
      first: week('Make Your First Etsy Sales', 'Bring the first {buyers} to your ten listings: Etsy Ads on a small budget, a launch coupon and the people you know.', 'Etsy Ads running on a fixed daily budget, a launch coupon live and the first 3 Etsy orders in.', [
        ['Run Etsy Ads at $1-2 a day on your best five listings', 'Turn on Etsy Ads in Shop Manager for two weeks and note which listings get clicks.'],
        ['Create a launch coupon in Etsy Shop Manager', '10-15% off for two weeks; share the code with friends and family for your first orders and reviews.'],
        ['Send offers to shoppers who favourite your Etsy listings', 'Etsy\'s offers to interested shoppers turn a favourite into an order.'],
      ]),
      deliver: week('Fulfil Etsy Orders That Earn Five Stars', 'Fulfil the first orders of {offer} fast and carefully, so they earn the reviews that lift your listings in Etsy search.', 'Every order fulfilled within your processing time and 3 Etsy reviews.', [
        ['Fulfil each Etsy order within your processing time', 'Ship with tracking (or check the download works for a digital file), mark it done and add a thank-you note.'],
        ['Ask for an Etsy review in your thank-you note', 'One line and the shop name; Etsy reminds buyers too, so send no more than one message.'],
      ]),
      grow: week('Grow Your Etsy Shop from Its Stats', 'Use Etsy Stats to double down: more listings like the best sellers, better thumbnails and titles for the rest.', '20 Etsy listings live, the 5 weakest improved and shop visits up on week 3.', [
        ['Read Etsy Stats for visits, favourites and orders per listing', 'Find the best seller and the listings with views but no orders.'],
        ['Add five Etsy listings like your best seller', 'New colours, sizes, themes or bundles of what already sells.'],
        ['Change the thumbnails of Etsy listings with views but no sales', 'Change only the first picture, wait a week and compare.'],
      ]),
      scale: week('Raise Etsy Prices and Aim for Star Seller', 'Make {offer} a dependable Etsy income: prices that pay for your time, bundles and the Star Seller badge.', 'Prices up 10-20% where orders held up, 1 bundle listing live and the Star Seller criteria met.', [
        ['Raise prices by 10-20% on your Etsy best sellers', 'Listings that kept selling at the old price can carry the new one.'],
        ['Meet Etsy\'s Star Seller criteria', 'Reply to messages within 24 hours, fulfil on time with tracking and keep reviews at 4.8 or above.'],
      ]),
    },
  },

  gumroad: {
    id: 'gumroad',
    name: 'Gumroad',
    brand: /\bgumroad\b/i,
    setup: 'your Gumroad account and product page',
    via: 'sold as a download on Gumroad',
    listing: 'Gumroad product page',
    sales: 'sales',
    buyers: 'customers',
    home: 'gumroad',
    where: 'Gumroad',
    platform: true,
    free: ['mailchimp'],
    paid: ['kit'],
    weeks: {
      setup: week('Set Up Gumroad for {offer}', 'Open a Gumroad account for {offer}, study what already sells to {buyers} and decide the price and what the download includes.', 'Gumroad account with payouts, 10 similar products studied and the contents and price of {offer} written down.', [
        ['Create your Gumroad account and connect payouts', 'Add your bank or PayPal in Gumroad\'s payment settings, so the first sale is paid out.'],
        ['Study 10 similar products on Gumroad Discover', 'Note their prices, what each includes, their covers and how their pages open.'],
        ['Write the contents list of {offer}', 'Every file or chapter the buyer gets, and the one result it gives {buyers}.'],
        ['Choose a Gumroad price and a pay-what-you-want minimum', 'Price from your notes; letting buyers pay more tells you what they value.'],
      ]),
      launch: week('Publish {offer} on Gumroad', 'Finish the files and put them on a Gumroad product page with a cover, a clear promise and a preview for {buyers}.', 'Gumroad product page live with cover, description, preview and files; 1 test purchase downloaded.', [
        ['Design the Gumroad cover and thumbnail', 'A 1280×720 cover and a square thumbnail that show what is inside, made in Canva.'],
        ['Write the Gumroad product page', 'The problem, what is inside, who it is for and three results; add a preview of one page.'],
        ['Make a test purchase of your own Gumroad product', 'Use a 100% discount code to check the checkout, the download and the receipt email.'],
      ]),
      first: week('Make Your First Gumroad Sales', 'Bring {buyers} to the product page: a free version for an email address, a launch discount and your own network.', 'A free version collecting emails, 50 people on the list and the first 5 Gumroad sales.', [
        ['Publish a free mini-version on Gumroad for an email address', 'One template or chapter at $0+; everyone who downloads becomes a Gumroad follower you can email.'],
        ['Create a launch discount code on Gumroad', '20% off for one week, sent to everyone who downloaded the free version.'],
        ['Email your Gumroad followers about the launch', 'What is in {offer}, who it helps and until when the launch price lasts.'],
      ]),
      deliver: week('Make Gumroad Customers Glad They Bought', 'Check every download works, answer questions fast and collect the ratings that persuade the next {buyers}.', 'Every customer emailed after purchase, 3 Gumroad ratings and one improvement sent as an update.', [
        ['Add a Gumroad workflow email after each sale', 'A thank-you, how to start, and one question: what would make this more useful?'],
        ['Ask your first customers for a Gumroad rating', 'A personal email a week after purchase with the link to rate the product.'],
      ]),
      grow: week('Grow Gumroad Sales with Versions and Upsells', 'Use what buyers said to sell more per customer: versions at two prices and an upsell at checkout.', 'Two versions on the Gumroad page, one upsell live and the average sale up on week 3.', [
        ['Add a second version of {offer} on Gumroad', 'A basic and a complete version at two prices.'],
        ['Set up a Gumroad upsell at checkout', 'A related file or a bundle for a small extra when they buy.'],
        ['Check Gumroad analytics for views, sales and conversion', 'Which source of visitors sells? Put next week\'s effort there.'],
      ]),
      scale: week('Bundle and Raise Prices on Gumroad', 'Make {offer} a steady Gumroad income: a bundle of your products, a higher price and a regular email to your followers.', 'A Gumroad bundle live, prices raised at least 20% and one email a week to your followers.', [
        ['Create a Gumroad bundle of your products', 'Group {offer} with the full edition of your free version and any new file, at a bundle price.'],
        ['Raise the Gumroad price by 20%', 'Tell your followers the date the price goes up; it is your next launch.'],
      ]),
    },
  },

  teachable: {
    id: 'teachable',
    name: 'Teachable',
    brand: /\b(teachable|udemy|podia|thinkific)\b/i,
    phrase: /\bonline course\b/i,
    setup: 'your Teachable school and course outline',
    via: 'sold as an online course on Teachable',
    listing: 'Teachable course page',
    sales: 'enrolments',
    buyers: 'students',
    home: 'teachable',
    where: 'Teachable',
    platform: true,
    free: ['obs'],
    paid: ['descript'],
    weeks: {
      setup: week('Plan {offer} and Open Your Teachable School', 'Open a Teachable school and plan {offer} around one result {buyers} want, with lessons short enough to finish.', 'Teachable school created, 8-12 lessons outlined and 10 similar courses studied.', [
        ['Create your Teachable school', 'Choose the school name and address, add your logo and connect payouts.'],
        ['Study 10 online courses about {skill}', 'Note their prices, length, lesson titles and what reviews say is missing.'],
        ['Outline 8-12 lessons of 5-10 minutes', 'Each lesson one step toward the result, ending with a small exercise.'],
        ['Pre-sell the Teachable course to ten people you know', 'Half price before you record; their questions shape the lessons.'],
      ]),
      launch: week('Record and Publish {offer} on Teachable', 'Record the lessons you outlined, upload them to Teachable and write a course page that sells the result to {buyers}.', 'All 8-12 lessons uploaded; the Teachable course page live with curriculum, FAQ and price.', [
        ['Record the course lessons with your phone or screen recorder', 'Good light, a quiet room, one take per point; edit out only the mistakes.'],
        ['Upload the lessons to Teachable and add quizzes', 'One lesson per video, and a short quiz or exercise after each section.'],
        ['Write the Teachable sales page', 'The result, who it is for, the curriculum, your story in three lines, an FAQ and a guarantee.'],
      ]),
      first: week('Enrol Your First Teachable Students', 'Bring the first {buyers} to the course page: a free preview lesson, a launch coupon and a live Q&A.', 'A free preview lesson live, 100 email sign-ups and the first 10 enrolments.', [
        ['Make one lesson a free preview on Teachable', 'Your best lesson, so visitors can try the course before they buy.'],
        ['Create a launch coupon in Teachable', '25% off for one week, for your email list and the friends of your pre-sale buyers.'],
        ['Host a free live Q&A about {skill}', 'Answer questions for 30 minutes on Zoom and end with the link to the course.'],
      ]),
      deliver: week('Help Teachable Students Finish', 'Students who finish leave reviews and buy again: follow their progress and fill the gaps in the lessons.', 'Completion checked, 3 students\' questions answered with new material and 3 course reviews.', [
        ['Check the Teachable progress report for where students stop', 'Rewrite or split the lesson where most of them drop out.'],
        ['Ask students who finish the Teachable course for a review', 'Ask what changed for them, and quote it on the sales page with permission.'],
      ]),
      grow: week('Grow Enrolments on Teachable', 'Grow from the first students: testimonials on the sales page, an email sequence and affiliates among your fans.', 'Testimonials on the sales page, a 3-email sequence running and one affiliate signed up.', [
        ['Add student testimonials to the Teachable sales page', 'Three short quotes, each with the result the student got.'],
        ['Write a 3-email welcome sequence for course sign-ups', 'A useful tip, a student story, then the course with the coupon.'],
        ['Invite two happy students to become Teachable affiliates', 'Teachable\'s affiliate program pays them a share of each sale they bring.'],
      ]),
      scale: week('Add a Premium Tier and Raise the Course Price', 'Make {offer} a steady income: a premium tier with live help, a higher base price and a second course outlined.', 'Premium tier live on Teachable, base price raised at least 20% and the next course outlined.', [
        ['Add a premium Teachable tier with live group calls', 'The course plus two group calls or feedback on one exercise, at twice the price.'],
        ['Outline your second course from students\' questions', 'The questions that went beyond this course are the next course.'],
      ]),
    },
  },

  youtube: {
    id: 'youtube',
    name: 'YouTube',
    brand: /\byoutube\b/i,
    setup: 'your YouTube channel',
    via: 'published on a YouTube channel',
    listing: 'YouTube channel',
    sales: 'subscribers',
    buyers: 'viewers',
    home: 'youtube',
    where: 'YouTube',
    platform: true,
    free: ['youtubeCreators', 'youtubeStudio'],
    paid: ['tubebuddy', 'vidiq'],
    weeks: {
      setup: week('Set Up Your YouTube Channel for {offer}', 'Create the YouTube channel for {offer}: a name, banner and description that tell {buyers} what they will learn, and ten topics they search for.', 'Channel live with name, banner and description; 10 video titles taken from YouTube search.', [
        ['Create your YouTube channel with name, banner and description', 'The description says who it is for and what they learn about {skill}; pick a handle that matches.'],
        ['Collect 10 video ideas from YouTube search suggestions', 'Type beginner questions about {skill} into YouTube search and keep the suggestions as titles.'],
        ['Study the top 10 YouTube videos on your first topic', 'Their length, thumbnails, first 30 seconds and what the comments ask that the video did not answer.'],
        ['Set up a filming corner for YouTube videos', 'Phone on a tripod, window light in front of you and a clip-on microphone.'],
      ]),
      launch: week('Publish Your First Three YouTube Videos', 'Film and publish the first three videos from your list, each answering one question {buyers} search for about {skill}.', '3 videos published with searchable titles, custom thumbnails, chapters and descriptions.', [
        ['Film three YouTube videos of 5-8 minutes', 'Answer the question in the first 30 seconds, then show the steps; cut every pause.'],
        ['Design a custom YouTube thumbnail for each video', 'Three words at most and a clear face or result, readable on a phone.'],
        ['Write titles, descriptions and chapters in YouTube Studio', 'The search phrase in the title, a two-line summary and a timestamp for each step.'],
      ]),
      first: week('Reach Your First 100 YouTube Subscribers', 'Keep a weekly upload and turn viewers into subscribers: Shorts from each video, answered comments and playlists.', 'One video a week kept, 6 YouTube Shorts posted and 100 subscribers reached.', [
        ['Cut two YouTube Shorts from each long video', 'A 30-second tip with captions and a link to the full video.'],
        ['Reply to every YouTube comment within a day', 'Keep a list of the best questions and answer one in each future video.'],
        ['Add YouTube end screens and a beginners\' playlist', 'Send each viewer to the next video in the order a learner needs.'],
      ]),
      deliver: week('Learn from Your YouTube Analytics', 'Look at what the first videos did and make the next ones better: thumbnails that earn clicks and openings that keep {buyers} watching.', 'Click-through rate and view duration noted for every video, and 2 changes made on the next upload.', [
        ['Read click-through rate and retention in YouTube Studio', 'Find where viewers leave each video and what the best thumbnails have in common.'],
        ['Redo the thumbnail of your weakest YouTube video', 'Change one thumbnail and compare its click-through rate after a week.'],
      ]),
      grow: week('Grow {offer} with a YouTube Series', 'Build on what the analytics showed: a series on your best topic and a collaboration that brings new {buyers}.', 'A 4-part YouTube series planned with 2 parts published, and one collaboration agreed.', [
        ['Plan a four-part YouTube series on your best topic', 'Viewers who watch one part watch the next; link the parts in a playlist.'],
        ['Ask a YouTube creator of your size to collaborate', 'A joint video or a shout-out swap with someone whose viewers want {skill}.'],
        ['Ask your YouTube viewers what to make next in a community post', 'Make the top answer your next video.'],
      ]),
      scale: week('Earn from Your YouTube Channel', 'Turn {offer} into income: affiliate links to the tools you use, a first sponsor and a dated goal for the YouTube Partner Program.', 'Affiliate links in every description, one sponsor pitched and a dated plan to reach 1,000 subscribers.', [
        ['Add affiliate links to the tools you use in every YouTube description', 'And say in the video that they are affiliate links.'],
        ['Pitch one brand for a YouTube sponsorship', 'Your views per video, who watches, and a one-line idea for a mention that fits the video.'],
      ]),
    },
  },

  tiktok: {
    id: 'tiktok',
    name: 'TikTok',
    brand: /\btiktok\b/i,
    setup: 'your TikTok account',
    via: 'published on TikTok',
    listing: 'TikTok profile',
    sales: 'followers',
    buyers: 'viewers',
    home: 'tiktok',
    where: 'TikTok',
    platform: true,
    free: ['capcut'],
    paid: ['epidemicSound'],
    weeks: {
      setup: week('Set Up TikTok for {offer}', 'Set up a TikTok account for {offer} with a profile {buyers} understand in a second, and study what already works for {skill} on TikTok.', 'TikTok profile complete, 10 TikTok creators studied and 15 video hooks written.', [
        ['Create your TikTok account and switch to a creator or business account', 'Name, photo, a bio that says what {buyers} get from following, and one link.'],
        ['Study 10 TikTok creators who post about {skill}', 'Their top videos: the hook in the first two seconds, the length, the captions and what comments ask.'],
        ['Write 15 TikTok hooks about {skill}', 'One line each that makes {buyers} stop scrolling: a mistake, a result or a question.'],
        ['Set up your phone, light and a CapCut caption template for TikTok', 'Vertical framing, window light and one caption style you reuse.'],
      ]),
      launch: week('Post Your First 10 TikTok Videos', 'Film the hooks you wrote in one batch and post a TikTok a day, so you learn what {buyers} watch to the end.', '10 TikToks posted, each under 45 seconds with captions, and the best one\'s watch time noted.', [
        ['Batch-film ten TikToks in one session', 'One hook per video; show the result first, then the steps.'],
        ['Edit each TikTok in CapCut with on-screen captions', 'Most people watch muted; put the key words on screen.'],
        ['Post one TikTok a day at the same time', 'Three to five hashtags about {skill}, and reply to the first comments quickly.'],
      ]),
      first: week('Grow to Your First 1,000 TikTok Followers', 'Double down on the videos that held viewers: numbered series, video replies to comments and a daily rhythm.', 'A TikTok a day for two weeks, 3 video replies to comments and 1,000 followers (or 500 more than last week).', [
        ['Turn your best TikTok into a numbered series', 'Part 2, part 3: viewers follow to see the next part.'],
        ['Reply to TikTok comments with videos', 'Pick the best question each day and answer it on camera.'],
        ['Go live on TikTok for 20 minutes', 'Once you reach the follower minimum: {skill} live, answering questions as they come.'],
      ]),
      deliver: week('Read TikTok Analytics and Improve', 'Look at which TikToks were watched to the end and shared, and make the next batch from those.', 'Watch time, shares and follows noted for 20 TikToks; the next batch uses the 3 best formats.', [
        ['Check TikTok analytics for watch time and shares', 'Sort your videos by average watch time; the top three are your formats.'],
        ['Batch-film the next ten TikToks in your best format', 'Same structure, new topics taken from the comments.'],
      ]),
      grow: week('Earn from {offer} on TikTok', 'With {buyers} who watch to the end, start earning: a media kit, first brand pitches and TikTok\'s creator programmes.', 'Media kit ready, 10 brands pitched and the first paid or affiliate TikTok deal.', [
        ['Make a one-page TikTok media kit', 'Followers, average views, who watches and two of your best TikToks, designed in Canva.'],
        ['Pitch 10 brands your TikTok viewers already use', 'A short email with your numbers and one video idea for their product.'],
        ['Join the TikTok creator marketplace or TikTok Shop affiliates', 'Where it is available, so brands find you and you earn on each sale.'],
      ]),
      scale: week('Turn TikTok into Steady Income', 'Make {offer} steady: a rate card, repeat brand deals and a posting plan you can keep.', 'A TikTok rate card sent to 10 brands, 1 repeat deal and 4 weeks of TikToks planned.', [
        ['Write a TikTok rate card', 'Prices for one video, a series and usage rights, based on what your first deal paid.'],
        ['Offer a monthly TikTok package to your first brand', 'Four TikToks a month at a small discount.'],
      ]),
    },
  },

  instagram: {
    id: 'instagram',
    name: 'Instagram',
    brand: /\b(instagram|reels)\b/i,
    setup: 'your Instagram professional account',
    via: 'grown on Instagram',
    listing: 'Instagram profile',
    sales: 'customers',
    buyers: 'followers',
    home: 'instagram',
    where: 'Instagram',
    platform: true,
    free: ['instagramBusiness'],
    paid: ['later'],
    weeks: {
      setup: week('Set Up Instagram for {offer}', 'Turn an Instagram account into the home of {offer}: a professional profile, a bio that speaks to {buyers} and nine posts planned.', 'Instagram professional account with bio and link; 10 accounts studied and 9 posts planned.', [
        ['Switch to an Instagram professional account', 'A creator or business account shows insights; put {skill} in the name field so Instagram search finds you.'],
        ['Write your Instagram bio and link in bio', 'Who you help, the result they get, and one link to {offer}.'],
        ['Study 10 Instagram accounts about {skill}', 'Their most-saved posts, their formats (carousel or Reel) and what followers ask in the comments.'],
        ['Plan your first nine Instagram posts', 'Three topics {buyers} care about, three posts each, so your grid makes sense from day one.'],
      ]),
      launch: week('Publish Your First Nine Instagram Posts', 'Publish the nine posts you planned, in the formats {buyers} save and share: carousels and Reels.', '9 Instagram posts live (at least 3 Reels and 3 carousels), 3 highlights and every comment answered.', [
        ['Design three Instagram carousels in Canva', 'A hook slide, five useful slides and a last slide that says what to do next.'],
        ['Film three Instagram Reels under 30 seconds', 'The result in the first second and captions on screen.'],
        ['Create three Instagram Story highlights', 'About, results and FAQ, so new visitors understand {offer} at a glance.'],
      ]),
      first: week('Win Your First Customers on Instagram', 'Build on the first nine posts: daily Stories, conversations in DMs and comments where {buyers} already are.', 'Instagram Stories daily for a week, 10 conversations in DMs and the first 3 customers or inquiries.', [
        ['Post Instagram Stories every day with a poll or question', 'Ask {buyers} what they struggle with; each answer is a post.'],
        ['Comment on 10 Instagram posts a day from accounts {buyers} follow', 'Useful comments, not "great post"; people click to see who wrote them.'],
        ['Answer every Instagram DM with a next step', 'Saved replies for common questions, each ending with the link to {offer}.'],
      ]),
      deliver: week('Read Instagram Insights and Improve', 'Look at what the first posts did: which were saved, shared and brought followers, and make more of those.', 'Saves, shares and follows noted per Instagram post; next week\'s posts use the 2 best formats.', [
        ['Check Instagram Insights for saves, shares and follows per post', 'Saves and shares tell you what {buyers} value most.'],
        ['Remake your best Instagram carousel as a Reel', 'Same content in a new format; compare the reach after a week.'],
      ]),
      grow: week('Grow {offer} with Instagram Collabs', 'Reach new {buyers}: collab posts, a free checklist sent by DM and a posting rhythm you can keep.', '2 Instagram collab posts published, a keyword DM offer live and followers up on week 3.', [
        ['Publish an Instagram collab post with an account of your size', 'The Collab feature shows the post to both audiences.'],
        ['Send a free checklist by DM to anyone who comments a keyword', 'Then invite them to your email list.'],
        ['Schedule two weeks of Instagram posts in Later', 'Three posts and daily Stories a week, planned ahead.'],
      ]),
      scale: week('Turn Instagram into Steady Income', 'Make {offer} pay regularly: a clear offer at the top of your grid, a launch to your followers and prices you can grow.', '3 offer posts at the top of the Instagram grid, 1 launch done to followers and 5 paid sales or clients.', [
        ['Put three Instagram posts that sell {offer} at the top of your grid', 'One result, one testimonial and one "how it works" post, fixed at the top of your profile.'],
        ['Run a one-week launch to your Instagram followers', 'A Story countdown, a live Q&A and a limited offer.'],
      ]),
    },
  },

  pinterest: {
    id: 'pinterest',
    name: 'Pinterest',
    brand: /\bpinterest\b/i,
    phrase: /\bpins\b/i,
    setup: 'your Pinterest business account and boards',
    via: 'found through Pinterest',
    listing: 'pins',
    sales: 'sales',
    buyers: 'pinners',
    home: 'pinterest',
    where: 'Pinterest',
    platform: true,
    free: ['pinterestBusiness'],
    paid: ['tailwind'],
    weeks: {
      setup: week('Set Up a Pinterest Business Account for {offer}', 'Open a Pinterest business account for {offer}, collect the words {buyers} search and plan boards around them.', 'Pinterest business account with your link claimed, 5 boards and 30 search keywords.', [
        ['Create a Pinterest business account', 'A name with {skill} in it, a bio for {buyers} and the link your pins will send them to.'],
        ['Collect 30 Pinterest search keywords about {skill}', 'Type your topics into Pinterest search and note the phrases it suggests.'],
        ['Create five Pinterest boards with keyword names', 'Each board a topic {buyers} search, with a keyword-rich description.'],
        ['Set up a Stripe payment link for your first product', 'The page your pins lead to needs one clear way to buy.'],
      ]),
      launch: week('Publish Your First 30 Pins', 'Design pins in batches from your keywords and pin them to your boards, each leading to {offer}.', '30 pins published across 5 Pinterest boards, each with a keyword title and description.', [
        ['Design 10 pin templates in Canva', '1000×1500 pixels, a bold title in the top third and your colours.'],
        ['Write keyword titles and descriptions for 30 pins', 'Use the phrases from Pinterest search and say what the click gives.'],
        ['Schedule 30 pins over two weeks', 'A few a day, with Pinterest\'s own scheduler or Tailwind.'],
      ]),
      first: week('Get Your First Sales from Pinterest', 'With pins live, find which bring clicks, and turn the clicks into email sign-ups and the first sales of {offer}.', 'Outbound clicks tracked per pin, 50 email sign-ups and the first 5 sales from Pinterest visitors.', [
        ['Check Pinterest Analytics for outbound clicks per pin', 'The pins with clicks tell you which topics to make more of.'],
        ['Make five new pins for your best Pinterest topic', 'New pictures and titles leading to the same page.'],
        ['Offer Pinterest visitors a free checklist for their email', 'A one-page checklist; email them {offer} a day later.'],
      ]),
      deliver: week('Improve Your Pins and Their Page', 'Fix the weakest link between pins and sales: pins nobody clicks, or a page that does not sell.', 'Pin click-through and sign-up rates noted, 2 changes tested and sign-ups up.', [
        ['Test two new pin designs for your best topic', 'Change one thing (title, picture or colour) and compare after a week.'],
        ['Rewrite the top of the page your pins lead to', 'The result {buyers} want, in the words they typed into Pinterest search.'],
      ]),
      grow: week('Grow Pinterest Traffic with Fresh Pins', 'Pinterest rewards fresh pins: a weekly batch, video pins and seasonal keywords where {buyers} look.', '15 fresh pins a week for two weeks and monthly Pinterest views up on week 3.', [
        ['Design 15 fresh pins a week for your best pages', 'New pictures for links you already pinned count as fresh pins.'],
        ['Pin a short video tip about {skill}', 'Vertical video pins get extra reach on Pinterest.'],
        ['Add seasonal keywords to your Pinterest boards', 'Pinterest searches peak weeks before a season; plan your pins for it.'],
      ]),
      scale: week('Turn Pinterest Traffic into Steady Sales', 'Make {offer} a steady earner: a second product for the same visitors, an email sequence and a month of pins planned.', 'A second product live, a 3-email sequence running and a month of pins scheduled.', [
        ['Write a 3-email sequence for your Pinterest sign-ups', 'A tip, a story, then {offer} with a time-limited discount.'],
        ['Create a second product for your Pinterest visitors', 'The next problem they have after the first one.'],
      ]),
    },
  },

  linkedin: {
    id: 'linkedin',
    name: 'LinkedIn',
    brand: /\blinkedin\b/i,
    setup: 'your LinkedIn profile',
    via: 'sold through LinkedIn',
    listing: 'LinkedIn profile',
    sales: 'clients',
    buyers: 'decision makers',
    home: 'linkedin',
    where: 'LinkedIn',
    platform: true,
    free: ['linkedinLearning'],
    paid: ['linkedinPremium'],
    weeks: {
      setup: week('Set Up LinkedIn for {offer}', 'Make your LinkedIn profile sell {offer}: a headline for {buyers}, a Featured section and a list of the people who buy.', 'LinkedIn headline, About and Featured updated; 50 buyers followed; 10 post ideas written.', [
        ['Rewrite your LinkedIn headline and About section for {buyers}', 'Headline: who you help and the result. About: three short paragraphs and a call to action.'],
        ['Add {offer} to your LinkedIn Featured section', 'A one-page PDF or post that explains the offer and how to contact you.'],
        ['Follow 50 decision makers who buy {skill} on LinkedIn', 'HR managers, founders or team leads; turn on notifications for ten of them.'],
        ['Write 10 LinkedIn post ideas from your experience', 'Each one a lesson, a mistake or a result from {skill}.'],
      ]),
      launch: week('Post on LinkedIn Three Times a Week', 'Publish the first posts from your list and comment where {buyers} read, so they know what you offer.', '6 LinkedIn posts in two weeks, 10 thoughtful comments a day and profile views up.', [
        ['Publish three LinkedIn posts this week', 'A hook line, a short story or lesson and a question at the end; no link in the post.'],
        ['Comment on 10 LinkedIn posts a day from your buyers', 'Add something useful; it puts your name in front of them before you ever pitch.'],
        ['Turn one post into a LinkedIn document carousel', 'A PDF of 6-8 slides made in Canva, one idea per slide.'],
      ]),
      first: week('Win Your First Clients on LinkedIn', 'Turn the attention from your posts into conversations: connection requests, messages and calls with {buyers}.', '30 personal LinkedIn connection requests, 10 conversations and 2 calls booked about {offer}.', [
        ['Send 10 personal LinkedIn connection requests a day', 'To people who engaged with your posts; mention what they wrote.'],
        ['Message new LinkedIn connections with a useful resource', 'No pitch in the first message; ask one question about their team or goal.'],
        ['Offer a 20-minute call to five interested LinkedIn contacts', 'Book it with Calendly and prepare three questions.'],
      ]),
      deliver: week('Deliver and Turn Results into LinkedIn Proof', 'Deliver the first work for {buyers} well and turn the results into recommendations and case-study posts.', 'First engagement delivered, 2 LinkedIn recommendations and one case-study post published.', [
        ['Ask each client for a LinkedIn recommendation', 'Send the request with a reminder of the result you reached together.'],
        ['Post a LinkedIn case study of your first client work', 'Problem, approach, result; tag the client only with permission.'],
      ]),
      grow: week('Grow Your Reach on LinkedIn', 'Grow beyond your network: a LinkedIn article series, a joint post and more of the topics that brought messages.', 'A monthly LinkedIn article series started, one joint post and followers up on week 3.', [
        ['Start a monthly LinkedIn article series about {skill}', 'One article a month; share each one as a post with its best line.'],
        ['Review your LinkedIn post analytics', 'Which topics brought profile views and messages? Post more of those.'],
        ['Co-write a LinkedIn post with someone who serves the same buyers', 'Tag each other, so both audiences see it.'],
      ]),
      scale: week('Make LinkedIn Your Steady Source of Clients', 'Turn {offer} into steady work: a services page, introductions from clients and a repeat or monthly offer.', 'Services page live on LinkedIn, 3 introductions asked for and one repeat or monthly client.', [
        ['Add {offer} to the services page of your LinkedIn profile', 'What you offer and for whom; clients can request a proposal from it.'],
        ['Ask three happy clients for an introduction on LinkedIn', 'Name the kind of person you would like to meet.'],
      ]),
    },
  },

  twitch: {
    id: 'twitch',
    name: 'Twitch',
    brand: /\btwitch\b/i,
    setup: 'your Twitch channel and stream schedule',
    via: 'streamed live on Twitch',
    listing: 'Twitch channel',
    sales: 'subscribers',
    buyers: 'viewers',
    home: 'twitch',
    where: 'Twitch',
    platform: true,
    free: ['twitchCreatorCamp', 'obs'],
    paid: ['streamlabs'],
    weeks: {
      setup: week('Set Up Your Twitch Channel for {offer}', 'Set up a Twitch channel for live {skill}: profile, panels, streaming software and a weekly schedule {buyers} can count on.', 'Twitch channel with profile, panels and 2 weekly slots; OBS set up and 1 test stream recorded.', [
        ['Create your Twitch account and channel profile', 'Name, picture, bio and panels that say what happens on your streams.'],
        ['Install OBS Studio and set up your Twitch scenes', 'A starting scene, a main scene with your camera and an ending scene.'],
        ['Publish your Twitch stream schedule', 'Two fixed slots a week you can keep; being regular matters more than streaming long.'],
        ['Watch five Twitch streamers who stream {skill}', 'How they start, talk to chat and handle quiet moments.'],
      ]),
      launch: week('Go Live on Twitch', 'Stream on your schedule, talk to every viewer by name and save the best moments as clips.', '4 Twitch streams on schedule, every chatter greeted by name and 5 clips saved.', [
        ['Stream twice this week on your Twitch schedule', 'At least 90 minutes each, with a plan for what you will do.'],
        ['Greet every Twitch chatter by name', 'Small streams grow by making each viewer feel seen.'],
        ['Clip the best moments of each Twitch stream', 'With Twitch\'s clip tool; they become your trailers.'],
      ]),
      first: week('Reach Twitch Affiliate', 'Turn the first regular viewers into a community on the way to Twitch Affiliate: raids, rewards and a steady schedule.', 'Schedule kept for two weeks, 2 raids made and the Twitch Affiliate requirements on track.', [
        ['Raid a Twitch streamer of your size at the end of each stream', 'Send your viewers to someone who streams {skill}; many raid back.'],
        ['Set up Twitch channel point rewards and chat commands', 'Small interactive rewards bring viewers back.'],
        ['Track the Twitch Affiliate requirements', '50 followers, 3 average viewers, 7 stream days and 500 minutes in 30 days.'],
      ]),
      deliver: week('Read Twitch Analytics and Improve Your Streams', 'Look at when viewers arrive and leave, and change the start, the segments or the time of your streams.', 'Viewer numbers noted per Twitch stream and 2 changes tested.', [
        ['Check your Twitch stream summaries for viewers and follows', 'Which segments and days worked best?'],
        ['Try a new segment or stream time on Twitch for two weeks', 'One change at a time, so you know what helped.'],
      ]),
      grow: week('Earn from Your Twitch Streams', 'As an Affiliate, turn regulars into supporters: subscriptions, Bits and a thank-you ritual on stream.', 'A sub goal on stream, alerts set up and the first 10 Twitch subscribers.', [
        ['Set a Twitch sub goal and subscriber emotes', 'Show the goal on stream and thank each new subscriber live.'],
        ['Set up stream alerts and a tip page with Streamlabs', 'Alerts thank supporters on screen; tips come in besides subscriptions.'],
        ['Run a special Twitch stream for your regulars', 'A Q&A, a challenge or something chat asked for.'],
      ]),
      scale: week('Make Twitch a Steady Income', 'Make {offer} pay steadily: a sponsor that fits, income tracked by source and next month\'s schedule published.', 'Monthly Twitch income tracked by source, 1 sponsor pitched and next month\'s 8 streams scheduled.', [
        ['Pitch one sponsor that fits your Twitch viewers', 'Average viewers, hours streamed and a one-line idea for how you would feature them.'],
        ['Track monthly Twitch income by source', 'Subscriptions, Bits, tips and sponsors; grow the biggest one.'],
      ]),
    },
  },

  substack: {
    id: 'substack',
    name: 'Substack',
    brand: /\b(substack|beehiiv)\b/i,
    phrase: /\bnewsletter\b/i,
    setup: 'your Substack publication',
    via: 'published as a Substack newsletter',
    listing: 'Substack',
    sales: 'subscribers',
    buyers: 'readers',
    home: 'substack',
    where: 'Substack',
    platform: true,
    free: ['hemingway'],
    paid: ['canvaPro'],
    weeks: {
      setup: week('Start {offer} on Substack', 'Set up a Substack for {offer}: a name and promise {buyers} understand, a welcome email and the first 20 issues listed.', 'Substack live with about page and welcome email; 20 issue ideas; 50 people invited.', [
        ['Create your Substack publication', 'The name, a one-line promise for {buyers}, a logo and an about page.'],
        ['Write the Substack welcome email', 'What readers will get, how often, and one useful tip today.'],
        ['List 20 Substack issue ideas about {skill}', 'Questions {buyers} ask, mistakes you see and tools you use.'],
        ['Invite 50 people you know to your Substack', 'A personal message each, not a group blast: why you started and why it suits them.'],
      ]),
      launch: week('Publish Your First Substack Issues', 'Publish weekly from your list, so the first subscribers see a newsletter worth keeping.', '2 Substack issues on the same weekday, opens above 40% and 100 subscribers.', [
        ['Write and send your first Substack issue', 'One idea, one practical example and one question readers can answer.'],
        ['Pick a fixed Substack publishing day and write two issues ahead', 'Being two issues ahead keeps you on schedule in a busy week.'],
        ['Share each issue in Substack Notes', 'A short note with the best line of the issue.'],
      ]),
      first: week('Grow to 250 Substack Subscribers', 'Grow beyond friends: recommendations from other Substacks, a guest post and a referral reward.', '2 Substack recommendation swaps, 1 guest post and 250 subscribers.', [
        ['Ask two Substack writers of your size to recommend each other', 'With Substack\'s Recommendations feature.'],
        ['Write a guest post for another Substack', 'Their readers meet you; end with a link to subscribe.'],
        ['Turn on Substack\'s referral program', 'A small reward for readers who bring friends.'],
      ]),
      deliver: week('Read Your Substack Stats', 'Look at opens, clicks and new subscribers per issue, and write more of what {buyers} share.', 'Open rate and best issues noted, 2 subject lines tested and unsubscribes under 1%.', [
        ['Check Substack stats for opens and new subscribers per issue', 'The issues that brought subscribers show your best formats.'],
        ['Ask Substack readers to reply with their biggest question', 'Answer the best one in the next issue.'],
      ]),
      grow: week('Launch the Paid Tier of {offer}', 'Add a paid tier for {buyers} who want more: deep dives, templates or Q&A, with a founding-member price.', 'Paid Substack subscriptions on, the paid tier described and the first 10 paid subscribers.', [
        ['Turn on paid subscriptions in Substack', 'Connect Stripe and set a monthly and a yearly price.'],
        ['Write what the paid Substack tier includes', 'One extra issue a month, templates and a Q&A thread, for example.'],
        ['Offer a founding-member price to your first Substack readers', 'A discount for the first 30 days only.'],
      ]),
      scale: week('Make Substack a Steady Income', 'Grow paid subscribers of {offer}: your best series behind the paywall, a yearly plan and a monthly growth review.', 'A paid Substack series running, a yearly plan offered and paid subscribers up on week 5.', [
        ['Put your most useful series behind the Substack paywall', 'Keep the first part free, so readers see the value.'],
        ['Offer a yearly Substack plan with two months free', 'Yearly subscribers stay longer and pay up front.'],
      ]),
    },
  },

  patreon: {
    id: 'patreon',
    name: 'Patreon',
    brand: /\bpatreon\b/i,
    phrase: /\bmembership\b/i,
    setup: 'your Patreon page and membership tiers',
    via: 'run as a Patreon membership',
    listing: 'Patreon page',
    sales: 'members',
    buyers: 'members',
    home: 'patreon',
    where: 'Patreon',
    platform: true,
    free: ['patreonHelp'],
    paid: ['canvaPro'],
    weeks: {
      setup: week('Set Up Patreon for {offer}', 'Create the Patreon page for {offer}: tiers {buyers} understand, a welcome message and what members get each month.', 'Patreon page with 2-3 tiers, a welcome message and a 4-week plan of member posts.', [
        ['Create your Patreon page', 'Name, banner and an about section that says who it is for and what members get.'],
        ['Set two or three Patreon membership tiers', 'A low tier for support, a main tier with the resources and a top tier with live Q&A.'],
        ['Plan four weeks of Patreon member posts', 'One resource a week, one monthly Q&A and one challenge.'],
        ['Write the Patreon welcome message for new members', 'Thank them, say where to start and when the next live session is.'],
      ]),
      launch: week('Open {offer} to Founding Members on Patreon', 'Launch to the people who already ask you about {skill}, with a founding price and the first member posts live.', '4 posts live on Patreon, a launch message sent to 50 people and 10 founding members.', [
        ['Publish the first four Patreon posts', 'So new members find value the moment they join.'],
        ['Send a personal Patreon launch message to 50 people', 'To those who asked you about {skill}, with the founding price.'],
        ['Add a free public Patreon post as a sample', 'Anyone can read it and see what members get.'],
      ]),
      first: week('Grow to 25 Patreon Members', 'Build on the founding members: a first live session, their questions as posts and a friend invited by each.', 'First live Patreon Q&A held, 3 members\' questions answered as posts and 25 members.', [
        ['Host the first live Q&A for Patreon members', 'Answer questions for 45 minutes and post the recording for those who missed it.'],
        ['Ask founding Patreon members to invite one friend', 'With a gift membership or a free month.'],
        ['Turn member questions into Patreon posts', 'Each answer helps all members and shows visitors what they would get.'],
      ]),
      deliver: week('Keep Patreon Members Active', 'Members who take part stay: welcome each one, check who is quiet and let them choose what comes next.', 'Every new member welcomed, a member poll run and monthly Patreon cancellations under 10%.', [
        ['Run a Patreon poll on next month\'s topics', 'Members choose; you deliver what they voted for.'],
        ['Message Patreon members who have gone quiet for two weeks', 'Ask what would make it more useful for them.'],
      ]),
      grow: week('Grow {offer} with Patreon Collections and Free Posts', 'Grow with free public posts that show the value, and collections that make the member library easy to use.', '2 free public Patreon posts a month, the library in collections and members up on week 3.', [
        ['Organise your Patreon posts into collections', 'Start here, monthly Q&As, templates: easy to find, easy to value.'],
        ['Publish two free public Patreon posts', 'Useful on their own, with one line about what members get.'],
        ['Offer an annual Patreon membership', 'A discount for paying yearly keeps members longer.'],
      ]),
      scale: week('Make Patreon a Steady Income', 'Make {offer} steady: a limited top tier, a yearly plan and a monthly routine you can keep.', 'A limited top tier on Patreon, a yearly plan live and monthly Patreon income up 20%.', [
        ['Add a limited top tier on Patreon', 'Ten places with monthly one-to-one feedback or a small-group call.'],
        ['Write your monthly Patreon routine', 'Which week you post what, so the library grows without burning you out.'],
      ]),
    },
  },

  discord: {
    id: 'discord',
    name: 'Discord',
    brand: /\bdiscord\b/i,
    setup: 'your Discord server',
    via: 'run in a Discord server',
    listing: 'Discord server',
    sales: 'sign-ups',
    buyers: 'participants',
    home: 'discord',
    where: 'Discord',
    platform: true,
    free: ['discordSupport'],
    paid: ['canvaPro'],
    weeks: {
      setup: week('Set Up a Discord Server for {offer}', 'Create the Discord server where {offer} happens: channels for daily tasks, check-ins and questions, and roles for participants.', 'Discord server with channels, roles and rules; the 30 daily tasks written; a sign-up form ready.', [
        ['Create your Discord server with a channel for each part', 'Welcome, rules, daily task, check-ins and questions.'],
        ['Write the 30 daily tasks of {offer}', 'Each one small enough for 15 minutes, together building to one result.'],
        ['Set up Discord roles and a welcome message', 'A participant role, so only participants see the challenge channels.'],
        ['Make a sign-up form for the first round', 'Name, email and their goal, in Google Forms.'],
      ]),
      launch: week('Run a Free First Round on Discord', 'Run the first round free for 20 {buyers}, so you can test the tasks and collect results as proof.', '20 participants in the Discord server, daily tasks posted on time and check-ins from half of them.', [
        ['Invite 20 people to the free first round on Discord', 'Those who follow you or asked you about {skill}.'],
        ['Post each day\'s task in Discord at the same hour', 'Schedule the posts, so you never miss a day.'],
        ['Reply to every Discord check-in the same day', 'A short reply keeps people going.'],
      ]),
      first: week('Collect Results and Open the Paid Round', 'Turn the free round\'s results into testimonials and open the paid round of {offer}.', '5 testimonials with results, a payment link ready and 10 paid sign-ups.', [
        ['Ask Discord finishers for a before-and-after testimonial', 'What they could do on day 1 and on day 30.'],
        ['Set up payment for the paid round', 'A Stripe payment link; give paying members their Discord role once they have paid.'],
        ['Announce the paid round in your Discord server', 'An early-bird price for one week, for the first participants and their friends.'],
      ]),
      deliver: week('Run the Paid Round on Discord', 'Deliver the paid round well: daily tasks, a weekly live call and a prize for those who finish.', 'Daily tasks on time, 4 weekly calls held on Discord and 60% of participants active at day 30.', [
        ['Host a weekly live call in a Discord stage channel', 'Answer questions and celebrate progress.'],
        ['Track daily Discord check-ins in a sheet', 'Nudge anyone who has been quiet for three days.'],
      ]),
      grow: week('Fill the Next Round of {offer}', 'Fill the next round from the last one: a waiting list, referrals from finishers and better daily tasks.', 'Waiting list open, 3 referrals from finishers and 20 sign-ups for the next round.', [
        ['Open a waiting list for the next round', 'A short form; email the list first when sign-ups open.'],
        ['Give Discord finishers a referral discount to share', 'A friend joins for less, and they get a small reward.'],
        ['Rewrite the three weakest daily tasks', 'The check-ins show where people stopped.'],
      ]),
      scale: week('Turn {offer} into Recurring Income', 'Keep finishers on a monthly membership in the same Discord server, and run rounds on a fixed calendar.', 'Monthly Discord membership offered, 10 members kept after the round and the next 3 rounds dated.', [
        ['Offer finishers a monthly Discord membership', 'A new monthly challenge and a live call, for a small monthly fee.'],
        ['Put the next three rounds on a fixed calendar', 'The same start day each time, so people can plan.'],
      ]),
    },
  },

  eventbrite: {
    id: 'eventbrite',
    name: 'Eventbrite',
    brand: /\beventbrite\b/i,
    setup: 'your Eventbrite organiser page and first session',
    via: 'sold as tickets on Eventbrite',
    listing: 'Eventbrite event page',
    sales: 'tickets',
    buyers: 'attendees',
    home: 'eventbrite',
    where: 'Eventbrite',
    platform: true,
    free: ['eventbriteHelp', 'zoom'],
    paid: ['vistaprint'],
    weeks: {
      setup: week('Plan {offer} and Set Up Eventbrite', 'Plan the first session of {offer} for {buyers}: the outline, the room or call, the ticket price and an Eventbrite organiser page.', 'Session outlined, date and room fixed, Eventbrite organiser page and ticket price ready for 6-12 people.', [
        ['Create your Eventbrite organiser profile', 'Name, photo and a short bio that says what {buyers} learn with you.'],
        ['Outline the session minute by minute', 'A hands-on exercise every 20 minutes, and the result they take home.'],
        ['Book the date and the room for the first session', 'A free room at a café or library in return for bringing them customers, or a Zoom link for an online group.'],
        ['Set the Eventbrite ticket price and group size', '6-12 people; price from similar events on Eventbrite and your costs.'],
      ]),
      launch: week('Publish {offer} on Eventbrite', 'Publish the event page with the outcome, the agenda and photos, so {buyers} looking on Eventbrite can book a seat.', 'Eventbrite page live with agenda, photos, FAQ and an early-bird ticket; shared with 30 people.', [
        ['Write the Eventbrite event page', 'A title with {skill} and the outcome, the agenda, what to bring and who it is for.'],
        ['Add an early-bird ticket on Eventbrite', 'A lower price until a week before, so people book now.'],
        ['Send the Eventbrite link to 30 people you know', 'With one line on why it suits them.'],
      ]),
      first: week('Fill Your First Session', 'Fill the seats of the first session: the people who host you, reminders and a bring-a-friend ticket.', 'At least 6 Eventbrite tickets sold and reminders scheduled.', [
        ['Ask your host to tell their customers about the session', 'A poster at the counter or a line in their next email to customers.'],
        ['Schedule Eventbrite reminder emails', 'A week and a day before, with what to bring.'],
        ['Add a bring-a-friend ticket on Eventbrite', 'Two seats for a little less than twice the price.'],
      ]),
      deliver: week('Run the Session and Collect Feedback', 'Run the first session so every attendee leaves with a result, and collect the feedback that fills the next one.', 'Session held, feedback from 80% of attendees and 3 testimonials.', [
        ['Send attendees a feedback form after the session', 'Three questions in Google Forms, and permission to quote them.'],
        ['Email attendees the take-home guide and the next Eventbrite date', 'With photos of the session and the link to book the next one.'],
      ]),
      grow: week('Grow {offer} into a Monthly Series on Eventbrite', 'Build on the first session: monthly dates, a follow-on level and the followers of your Eventbrite page.', 'The next 3 dates on Eventbrite, a follow-on session planned and repeat attendees.', [
        ['Publish the next three dates on Eventbrite', 'A fixed monthly slot; followers of your organiser page are told.'],
        ['Design a follow-on session for past attendees', 'The next step after the first session.'],
        ['Add attendee testimonials to the Eventbrite page', 'Short quotes about the result.'],
      ]),
      scale: week('Make {offer} a Steady Income', 'Make the sessions pay steadily: a higher ticket price, private bookings for groups and a pass for the season.', 'Ticket price raised 20%, a private group package offered and a season pass on sale.', [
        ['Raise the Eventbrite ticket price by 20%', 'Full sessions can carry it.'],
        ['Offer private sessions for groups and teams', 'A fixed price for a closed group, at their place or yours.'],
      ]),
    },
  },

  website: {
    id: 'website',
    name: 'your website',
    brand: /\b(wordpress|squarespace|carrd|wix|ghost site)\b/i,
    phrase: /\b(website|blog|landing page|own site)\b/i,
    setup: 'your own website',
    via: 'sold through your own website',
    listing: 'website',
    sales: 'clients',
    buyers: 'clients',
    home: 'carrd',
    where: 'your website',
    platform: false,
    free: ['wordpress', 'searchConsole'],
    paid: ['squarespace'],
    weeks: {
      setup: week('Build a Simple Website for {offer}', 'Put {offer} on a website of your own: one page that tells {buyers} the result, how it works, the price and how to book or buy.', 'A 1-page website live on your own domain with the offer, price, proof and a booking or buy button.', [
        ['Register a domain and build a one-page website', 'With Carrd or WordPress.com: the result you deliver with {skill}, how it works, the price and one button.'],
        ['Write the website headline for {buyers}', 'Who it is for and the result, in under 12 words.'],
        ['Add booking or payment to your website', 'A Calendly booking link or a Stripe payment link.'],
        ['Study five competitor websites for {skill}', 'What they promise, their prices and how they ask visitors to act.'],
      ]),
      launch: week('Publish the Website Pages Buyers Search For', 'Add the pages {buyers} find through Google: answers to their questions and one page per offer.', '3 helpful articles or service pages on the website and the site submitted to Google Search Console.', [
        ['Write three website articles that answer buyers\' questions', 'One question per article, with an example and a link to {offer}.'],
        ['Submit your website to Google Search Console', 'Add the sitemap, so Google finds the new pages.'],
        ['Add an email sign-up to your website', 'A free checklist for an email address, with Mailchimp.'],
      ]),
      first: week('Bring the First Clients to Your Website', 'Bring the first {buyers} to the website: personal messages, a free first call and a word from people you know.', '20 personal messages with the website link, 5 calls booked and the first 2 paying clients.', [
        ['Send 20 personal messages with your website link', 'To people who match {buyers}, with one line on why you thought of them.'],
        ['Offer a free 20-minute first call on your website', 'A clear button, and three questions prepared for each call.'],
        ['Ask five friends to forward your website to one person', 'Tell them exactly who you help.'],
      ]),
      deliver: week('Deliver and Add Proof to Your Website', 'Deliver the first work well, then turn the results into testimonials and a case study on the website.', 'First clients served, 3 testimonials and one case study on the website.', [
        ['Add three client testimonials to your website', 'Name, result and a photo if they agree.'],
        ['Write a case study page for your website', 'The problem, what you did and the result in numbers.'],
      ]),
      grow: week('Grow Website Visitors and Sign-ups', 'Grow from what the first weeks showed: more of the pages people read, and emails that bring them back.', 'Google Analytics set up, 2 more articles published and the email list up on week 3.', [
        ['Set up Google Analytics on your website', 'See which pages bring visitors and sign-ups.'],
        ['Write two website articles like your most-read page', 'The same kind of question, a new topic.'],
        ['Send a monthly email to your website subscribers', 'One useful tip and one line about {offer}.'],
      ]),
      scale: week('Raise Prices and Add a Package on Your Website', 'Make {offer} a steady income: a package or monthly plan, and prices that match your results.', 'Prices raised at least 20%, a package or monthly plan on the website and one client on it.', [
        ['Add a package or monthly plan to your website', 'Four sessions or a monthly retainer at a small discount.'],
        ['Raise your website prices by 20%', 'Current clients keep their price until their package ends.'],
      ]),
    },
  },

  'walk-in': {
    id: 'walk-in',
    name: 'local businesses',
    phrase: /\b(high street|walk-in|walk in|door[- ]to[- ]door|local (shops|businesses))\b/i,
    setup: 'your one-page offer and a list of local businesses to visit',
    via: 'sold in person to local businesses',
    listing: 'one-page offer',
    sales: 'projects',
    buyers: 'local business owners',
    home: 'hubspotCrm',
    where: 'the local businesses you visit',
    platform: false,
    free: ['googleSheets'],
    paid: ['vistaprint'],
    weeks: {
      setup: week('Prepare {offer} for Local Businesses', 'Shape {offer} for shops, cafés and clinics near you: a one-page offer with a fixed price, one example and 30 businesses to visit.', 'One-page offer with price and example, 30 local businesses listed and an opening line practised.', [
        ['Write a one-page offer for local businesses', 'The problem you solve for {buyers}, a fixed price, one example and your phone number.'],
        ['List 30 local businesses to visit', 'Independent shops, cafés, salons and clinics within reach; note who decides.'],
        ['Prepare one example made for a real local business', 'Something an owner understands in 10 seconds, like a before and after.'],
        ['Practise a 20-second opening line for business owners', 'Who you are, what you do for businesses like theirs and one question.'],
      ]),
      launch: week('Walk the High Street with {offer}', 'Visit the businesses on your list at quiet hours, leave the one-page offer and agree short follow-ups.', '15 local businesses visited in person, 15 offers left and 5 follow-ups agreed.', [
        ['Visit five local businesses a day at quiet hours', 'Mid-morning or mid-afternoon; ask for the owner or manager by name.'],
        ['Log every business visit in a sheet', 'Name, who you met, their answer and when to follow up.'],
        ['Print 50 one-page offers and business cards', 'With Vistaprint or a print shop nearby.'],
      ]),
      first: week('Win Your First Local Business Clients', 'Follow up the visits, offer the first business a discount for a testimonial and deliver fast.', 'Every follow-up made, the first 2 paid projects agreed and one testimonial promised.', [
        ['Follow up every business visit within three days', 'A short call or visit with one idea for their business.'],
        ['Offer the first business a discount for a testimonial', 'Their name and result open the next ten doors.'],
        ['Agree scope and price with each business in writing', 'A short email: what you deliver, by when and for how much.'],
      ]),
      deliver: week('Deliver for Local Businesses and Get Introductions', 'Deliver the first projects quickly and ask each owner to introduce you to a neighbouring business.', 'First projects delivered on time, 2 testimonials and 2 introductions to other owners.', [
        ['Ask each business owner for a written testimonial', 'One or two sentences on the result, and permission to use their name.'],
        ['Ask each owner to introduce you to a neighbouring business', 'Owners know each other; an introduction beats a cold visit.'],
      ]),
      grow: week('Take {offer} to the Next Streets', 'Build on the first clients: the next streets, the local business association and results from the shop next door.', '20 more businesses visited, the business association contacted and 2 new clients.', [
        ['Visit 20 more local businesses with your testimonials', 'Show the result you got for their neighbour.'],
        ['Contact the local business association', 'Offer a short talk or a discount for members.'],
        ['Keep a photo portfolio of your work for local businesses', 'A before and after for each, on your phone to show during visits.'],
      ]),
      scale: week('Turn Local Business Clients into Monthly Income', 'Make {offer} steady: monthly packages for businesses that need it regularly, and prices that match your results.', '2 local businesses on a monthly package and prices raised for new clients.', [
        ['Offer a monthly package to your best business clients', 'Regular work at a fixed monthly price.'],
        ['Raise prices for new business clients by 20%', 'Your testimonials justify it.'],
      ]),
    },
  },

  'google-business': {
    id: 'google-business',
    name: 'Google Business Profile',
    brand: /\bgoogle (business|maps)\b/i,
    phrase: /\b(local|locally|near you|nearby|in your area|home visits?|in-person)\b/i,
    setup: 'your Google Business Profile',
    via: 'found on Google Business Profile and by word of mouth',
    listing: 'Google Business Profile',
    sales: 'bookings',
    buyers: 'local customers',
    home: 'googleBusiness',
    where: 'Google Business Profile',
    platform: true,
    free: ['square'],
    paid: ['vistaprint'],
    weeks: {
      setup: week('Set Up Google Business Profile for {offer}', 'Make {offer} easy to find nearby: a verified Google Business Profile, local prices and the first word of mouth among {buyers}.', 'Google Business Profile verified with services, prices, area and 5 photos; 20 people told in person.', [
        ['Claim and verify your Google Business Profile', 'Business name, category, service area and hours; verify it the way Google offers.'],
        ['Add services, prices and five photos to your Google Business Profile', 'Photos of you at work and of results; the services in the words {buyers} search.'],
        ['Check local competitors on Google Maps', 'Search "{skill} near me" and note their prices, reviews and what people praise or complain about.'],
        ['Tell 20 people you know that {offer} has started', 'Friends, neighbours and colleagues: what you offer and who it is for.'],
      ]),
      launch: week('Launch {offer} in Your Area', 'Build on the profile: a launch offer for {buyers} nearby, flyers where they pass and a booking process that works.', 'Launch offer posted on Google, 100 flyers or cards handed out and a booking process tested.', [
        ['Post a launch offer on your Google Business Profile', 'An offer post with an end date: the first five customers at a launch price.'],
        ['Print flyers with a QR code to your Google Business Profile', '100 flyers or cards from Vistaprint or a print shop nearby.'],
        ['Set up bookings and card payments', 'Calendly or phone bookings, and Square for card payments on the spot.'],
      ]),
      first: week('Win Your First Local Customers', 'Turn launch attention into the first bookings from {buyers} nearby, and make each one a source of the next.', 'The first 5 paid bookings, and a referral card given to every customer.', [
        ['Leave flyers at 10 places {buyers} visit', 'Cafés, shops and gyms that allow it; ask the owner first.'],
        ['Give every customer a referral card', 'A discount for them and for the friend they bring.'],
        ['Answer every Google Business Profile message within an hour', 'Turn on messaging and notifications on your phone.'],
      ]),
      deliver: week('Earn a Google Review from Every Customer', 'Deliver the first bookings well and turn each happy customer into a Google review that brings the next one.', 'Every booking delivered, 5 Google reviews and every review answered.', [
        ['Ask each customer for a Google review before you leave', 'Show the QR code of your review link; ask while they are happy.'],
        ['Reply to every Google review', 'Thank them by name and mention what you did.'],
      ]),
      grow: week('Grow Local Demand for {offer}', 'Grow beyond the first customers: weekly Google posts, photos of recent work and partners who send you {buyers}.', 'A Google post a week, 10 new photos and 2 local partners sending customers.', [
        ['Post a weekly update on your Google Business Profile', 'A recent job, a tip or an offer; active profiles show up more.'],
        ['Agree referrals with two businesses nearby', 'Businesses that serve {buyers} without competing with you: you recommend each other.'],
        ['Check your Google Business Profile performance', 'Searches, calls, direction requests and bookings each week.'],
      ]),
      scale: week('Build Regular Local Income', 'Make {offer} steady: regular customers on a plan, prices that match your reviews and your busy days full.', '3 regular customers on a plan, prices raised 10-20% and next month\'s calendar half full.', [
        ['Offer regular customers a monthly or package deal', 'A fixed day each week or month, at a small discount.'],
        ['Raise prices for new customers by 10-20%', 'And update the services on your Google Business Profile.'],
      ]),
    },
  },

  nextdoor: {
    id: 'nextdoor',
    name: 'Nextdoor',
    brand: /\bnextdoor\b/i,
    setup: 'your Nextdoor business page',
    via: 'sold to neighbours on Nextdoor',
    listing: 'Nextdoor business page',
    sales: 'households',
    buyers: 'neighbours',
    home: 'nextdoor',
    where: 'Nextdoor',
    platform: true,
    free: ['nextdoorBusiness', 'googleForms'],
    paid: ['vistaprint'],
    weeks: {
      setup: week('Set Up {offer} on Nextdoor', 'Introduce {offer} to your neighbourhood on Nextdoor: a business page, a founding offer and an introduction post for {buyers}.', 'Nextdoor business page with photos and services; introduction post published; 10 neighbours told in person.', [
        ['Create your Nextdoor business page', 'The category, the area you serve, photos and what you offer.'],
        ['Write an introduction post for your Nextdoor neighbourhood', 'Who you are, what you do with {skill} and a founding offer for neighbours.'],
        ['Read Nextdoor recommendation threads about {skill}', 'What neighbours ask for, which names come up and why.'],
        ['Set your prices and a founding offer for neighbours', 'A monthly price for the first ten households.'],
      ]),
      launch: week('Launch {offer} to Your Neighbours', 'Follow up the introduction: answer every reply, post a first offer and make signing up easy.', 'Every Nextdoor reply answered, a sign-up form live and the first 5 households signed up.', [
        ['Answer every reply to your Nextdoor post the same day', 'Offer to talk on the phone or meet.'],
        ['Publish a Nextdoor offer post with an end date', 'The founding price, and the date it ends.'],
        ['Make a sign-up form for neighbours', 'Name, address and preferred day, in Google Forms.'],
      ]),
      first: week('Win Your First Households', 'Build on the first sign-ups: recommendations from the first households, a route that saves time and a note to their neighbours.', '10 households on the plan and visits grouped street by street.', [
        ['Ask the first households to recommend you on Nextdoor', 'A recommendation from a neighbour is what others look for.'],
        ['Plan your visits street by street', 'Group customers by street, so travel time stays low.'],
        ['Leave a card with the neighbours of each customer', 'A short note: "I work for your neighbour on Tuesdays."'],
      ]),
      deliver: week('Deliver Reliably and Earn Nextdoor Recommendations', 'Deliver every visit on the day promised, and turn happy customers into recommendations neighbours can see.', 'Every visit on schedule, 5 Nextdoor recommendations and no missed visits.', [
        ['Send a short message to the household after each visit', 'What you did and when you come next.'],
        ['Thank each neighbour who recommends you on Nextdoor', 'A public reply under the recommendation.'],
      ]),
      grow: week('Grow {offer} Street by Street', 'Grow in the streets you already serve: neighbours of customers, seasonal extras and a Nextdoor update each month.', 'A Nextdoor update a month, 2 seasonal extras offered and 5 more households.', [
        ['Post a monthly Nextdoor update with a recent result', 'A before and after, or a seasonal tip for {buyers}.'],
        ['Offer a seasonal extra to the households you serve', 'Something neighbours ask for at this time of year.'],
        ['Run a small Nextdoor ad for a week', 'Only if the first posts brought customers, and on a small budget.'],
      ]),
      scale: week('Make the Neighbourhood Round a Steady Income', 'Make {offer} steady: monthly billing that runs by itself, prices that match your reviews and a waiting list for full days.', '100% of households on automatic monthly billing, prices up 10% for new ones and a waiting list.', [
        ['Move every household to automatic monthly billing', 'Recurring payments with Stripe or GoCardless.'],
        ['Start a waiting list for full days', 'Neighbours on the list get the next free slot.'],
      ]),
    },
  },

  thumbtack: {
    id: 'thumbtack',
    name: 'Thumbtack',
    brand: /\b(thumbtack|taskrabbit|checkatrade|airtasker|angi)\b/i,
    setup: 'your Thumbtack pro profile',
    via: 'booked through Thumbtack',
    listing: 'Thumbtack profile',
    sales: 'jobs',
    buyers: 'customers',
    home: 'thumbtack',
    where: 'Thumbtack',
    platform: true,
    free: ['googleSheets'],
    paid: ['jobber'],
    weeks: {
      setup: week('Set Up {offer} on Thumbtack', 'Create a Thumbtack pro profile for {offer}: services, area and prices that match what {buyers} ask for.', 'Thumbtack profile complete with photos, services, area and budget; 10 competing pros studied.', [
        ['Create your Thumbtack pro profile', 'Photo, business name, services and the area you cover.'],
        ['Study 10 Thumbtack pros who offer {skill} near you', 'Their prices, reviews, photos and how they describe the job.'],
        ['Set your Thumbtack job preferences and weekly budget', 'The jobs you want, the area and the most you pay for leads each week.'],
        ['Add five photos of your work to Thumbtack', 'A before and after where it fits.'],
      ]),
      launch: week('Answer Your First Thumbtack Leads', 'Answer Thumbtack leads fast with a clear quote and a question, so {buyers} pick you over the others.', 'Quote template ready, every lead answered within an hour and 5 conversations started.', [
        ['Write a Thumbtack quote template', 'Price, what is included, when you can come and one question about the job.'],
        ['Answer every Thumbtack lead within an hour', 'Fast replies get hired more often.'],
        ['Ask past customers to review you on Thumbtack', 'Reviews from people you already helped count from day one.'],
      ]),
      first: week('Win Your First Thumbtack Jobs', 'Turn leads into booked jobs: follow-ups, a first-job discount and a clear date.', 'The first 3 Thumbtack jobs booked and the lead cost per job noted.', [
        ['Follow up each Thumbtack quote after 24 hours', 'A short message with your earliest free slot.'],
        ['Offer a first-job discount in your Thumbtack quotes', 'A small discount for new customers, stated in the quote.'],
        ['Track the Thumbtack lead cost of each booked job', 'Leads paid for, jobs won and revenue per job, in a sheet.'],
      ]),
      deliver: week('Earn a Thumbtack Review on Every Job', 'Do every job to a standard that earns five stars, and ask for the review before you leave.', 'Every job done on time, 5 Thumbtack reviews and one repeat booking.', [
        ['Ask for a Thumbtack review as you finish each job', 'Show the customer the result and ask while you are there.'],
        ['Send a thank-you message with aftercare tips', 'How to keep the result, and when to book you again.'],
      ]),
      grow: week('Grow {offer} on Thumbtack', 'Use your reviews to win more: narrower targeting, fresh photos and your budget on the jobs that pay best.', 'Thumbtack budget moved to the best jobs and more leads turning into jobs than on week 3.', [
        ['Narrow your Thumbtack targeting to the best-paying jobs', 'Your sheet shows which jobs and areas pay best.'],
        ['Update your Thumbtack profile with recent photos and reviews', 'Show the jobs you want more of.'],
        ['Check what you still need for Thumbtack Top Pro', 'The requirements are in your profile; note what is missing.'],
      ]),
      scale: week('Build Repeat Work beyond Single Jobs', 'Make {offer} steady: repeat customers on a schedule, higher prices backed by reviews and fewer paid leads.', '3 repeat customers scheduled, prices raised 10-20% and lead spend per job down.', [
        ['Offer Thumbtack customers a repeat schedule', 'A regular visit at a small discount.'],
        ['Raise your Thumbtack prices by 10-20%', 'Your reviews let you win at a higher price.'],
      ]),
    },
  },

  market: {
    id: 'market',
    name: 'local markets',
    phrase: /\b(markets?|craft fairs?|fairs|stalls?|pop-ups?)\b/i,
    setup: 'a stall at a local market',
    via: 'sold at local markets and craft fairs',
    listing: 'market stall',
    sales: 'sales',
    buyers: 'market visitors',
    home: 'sumup',
    where: 'the market',
    platform: false,
    free: ['square'],
    paid: ['vistaprint'],
    weeks: {
      setup: week('Find the Right Market for {offer}', 'Find the right market for {offer}: visit markets where {buyers} shop, book a stall and decide what you sell and at what price.', '3 markets visited, 1 stall booked, a price list set and stock planned for the first market day.', [
        ['Visit three local markets and craft fairs as a shopper', 'Who buys, what sells, what a stall costs and what is missing.'],
        ['Book a stall at one market or craft fair', 'Ask the organiser about fees, rules, insurance and the size of the pitch.'],
        ['Set your market price list', 'Round prices, something cheap to start with and a bundle.'],
        ['Get a card reader for market payments', 'SumUp or Square; most buyers pay by card.'],
      ]),
      launch: week('Prepare a Market Stall That Sells', 'Build on the booking: a stall that draws {buyers} in from a distance, enough stock and a way to keep in touch.', 'Market stall tried at home, signs printed, stock for 1 full day ready and a sign-up sheet made.', [
        ['Set up the market stall at home and photograph it', 'Height at the back, prices visible and your name readable from five metres.'],
        ['Print a banner and price cards for the market stall', 'With Vistaprint or a print shop nearby.'],
        ['Make a sign-up sheet with a QR code for the market stall', 'For people who want to order later or hear about the next market.'],
      ]),
      first: week('Sell at Your First Market', 'Trade on your first market day: greet everyone, note what people ask and take orders for later.', 'First market day done, sales and questions noted and 20 sign-ups collected.', [
        ['Greet everyone who stops at your market stall', 'Ask a question about them, not a pitch; let them touch or try.'],
        ['Note every question and sale on the market day', 'What sold, at what price, and what people asked for that you did not have.'],
        ['Take orders and bookings at the market for later', 'Custom pieces or later dates, with a deposit.'],
      ]),
      deliver: week('Follow Up Your Market Customers', 'Turn market visitors into regular {buyers}: thank-you messages, custom orders delivered and photos of happy customers.', 'Every market sign-up messaged, custom orders delivered and 3 testimonials.', [
        ['Message everyone who signed up at the market', 'Thank them, and tell them where you will be next.'],
        ['Deliver every custom order taken at the market', 'On the date promised, with a card for the next market day.'],
      ]),
      grow: week('Grow to Regular Market Days', 'Build on the first markets: a regular pitch, a second market and stock based on what sold.', 'A regular monthly pitch, a 2nd market booked and the 3 best sellers restocked.', [
        ['Book a regular pitch at your best market', 'Regulars find you in the same place.'],
        ['Try a second market or a seasonal craft fair', 'A different crowd of {buyers}; compare sales per hour.'],
        ['Restock your market best sellers and drop what did not sell', 'From your market-day notes.'],
      ]),
      scale: week('Make Market Days a Steady Income', 'Make {offer} steady: higher prices on best sellers, pre-orders between markets and market days booked ahead.', 'Best sellers\' prices raised, pre-orders taken and market days booked for the next 3 months.', [
        ['Raise prices on your market best sellers', 'Things that sold out can carry 10-20% more.'],
        ['Take pre-orders before each market day', 'Message your list a week before with what you will bring.'],
      ]),
    },
  },

  venues: {
    id: 'venues',
    name: 'venues and event planners',
    brand: /\b(the knot|weddingwire|gigsalad|the bash)\b/i,
    phrase: /\b(weddings?|venues?|event planners?)\b/i,
    setup: 'your event packages and a list of venues and planners',
    via: 'booked through venues, planners and wedding directories',
    listing: 'event packages',
    sales: 'events',
    buyers: 'couples and event hosts',
    home: 'theKnot',
    where: 'The Knot and the venues near you',
    platform: true,
    free: ['weddingWire'],
    paid: ['honeybook'],
    weeks: {
      setup: week('Set Up {offer} for Weddings and Events', 'Shape {offer} for couples and event hosts: three packages, a contract with a deposit and the venues and planners who book.', '3 event packages priced, a contract with a 30% deposit and 20 venues and planners listed.', [
        ['Write three event packages with prices', 'Hours, what is included and travel: a small, a standard and a full package.'],
        ['Prepare an event contract with a deposit', 'A 30% deposit to hold the date, cancellation terms and what happens if you are ill.'],
        ['List 20 venues and event planners near you', 'Wedding venues, hotels, party rooms and planners; note who books suppliers.'],
        ['Create your listing on The Knot or WeddingWire', 'Photos, packages and a short story, where couples look for suppliers.'],
      ]),
      launch: week('Prepare a Showcase for Venues and Couples', 'Build on the packages: a demo video, photos and a one-page brochure that venues and couples can pass on.', 'A 2-minute demo video, 10 event photos and a one-page brochure ready.', [
        ['Film a two-minute demo of {offer} at an event', 'At a real or staged event: the moment guests react.'],
        ['Design a one-page brochure for venues and couples', 'Packages, photos and how to book, made in Canva.'],
        ['Collect 10 photos of your work at events', 'Ask friends or past hosts for their photos and permission.'],
      ]),
      first: week('Book Your First Events through Venues', 'Meet the venues and planners on your list, offer a referral fee and answer every inquiry within a day.', '10 venues or planners contacted, 3 meetings and the first event booked with a deposit.', [
        ['Visit or call 10 venues and planners on your list', 'Ask who books suppliers and leave the brochure.'],
        ['Offer venues a referral fee for each booking', '10% or a fixed amount for each couple or host they send.'],
        ['Answer every event inquiry within 24 hours', 'Ask the date, place and number of guests, then send the package that fits.'],
      ]),
      deliver: week('Deliver the First Events and Collect Reviews', 'Make the first events memorable, then collect reviews and photos that sell the next dates.', 'Every event delivered to plan, 3 reviews and photos from each event.', [
        ['Confirm every detail with the venue a week before each event', 'Timing, contact person, access, power and parking.'],
        ['Ask each couple or host for a review on The Knot or WeddingWire', 'Within a week of the event, while it is fresh.'],
      ]),
      grow: week('Grow Bookings for Next Season', 'Build on the first events: wedding shows, venue open days and follow-ups of inquiries that have not booked yet.', 'A wedding show or venue open day booked, every open inquiry followed up and 3 dates for next season.', [
        ['Take a stand at a wedding show or venue open day', 'Couples book months ahead; bring the brochure and a booking form.'],
        ['Follow up every event inquiry that did not book', 'A short message with an offer for their date.'],
        ['Update your wedding listing with event photos and reviews', 'The newest events first.'],
      ]),
      scale: week('Make Event Bookings a Steady Income', 'Make {offer} steady: higher prices for peak dates, add-ons and next season planned ahead.', 'Peak-date prices set, 2 add-ons offered and half of next season\'s weekends enquired or booked.', [
        ['Set higher event prices for Saturdays and peak months', 'Fridays, Sundays and winter dates keep the standard price.'],
        ['Add two add-ons to every event package', 'An extra hour, a second performer or a special moment.'],
      ]),
    },
  },

  community: {
    id: 'community',
    name: 'schools and community centres',
    phrase: /\b(community cent(re|er)s?|noticeboards?|schools?|after-school|church(es)?|librar(y|ies)|seniors?|care homes?)\b/i,
    setup: 'a room and sign-ups through schools and community centres',
    via: 'run through schools, community centres and noticeboards',
    listing: 'flyer',
    sales: 'sign-ups',
    buyers: 'families',
    home: 'canva',
    where: 'schools, community centres and noticeboards',
    platform: false,
    free: ['googleForms'],
    paid: ['vistaprint', 'jotform'],
    weeks: {
      setup: week('Set Up {offer} with Schools and Centres', 'Find where {buyers} already are: schools, community centres and noticeboards nearby, and the checks and room {offer} needs.', '5 schools or centres contacted, a room found, checks and insurance in hand and prices set.', [
        ['List schools, community centres and libraries near you', 'Who runs activities there, who decides and how to reach them.'],
        ['Arrange the background check and insurance the work needs', 'A check for work with children or vulnerable adults, and public liability insurance.'],
        ['Ask a school or community centre about a weekly room', 'A weekly slot, the hire price and what they need from you.'],
        ['Set prices per term or per visit', 'Compare with similar activities nearby; add a sibling or family discount.'],
      ]),
      launch: week('Announce {offer} in School Bulletins and on Noticeboards', 'Tell {buyers} through the places they trust: school bulletins, community noticeboards and a flyer.', 'Flyer printed, a notice in 2 school or centre bulletins, 10 noticeboards covered and a sign-up form live.', [
        ['Design a flyer with tear-off tabs or a QR code', 'What, when, where, for whom and the price, made in Canva.'],
        ['Ask two schools or centres to put a notice in their bulletin to parents', 'Send the text ready to paste.'],
        ['Put up your flyer on 10 community noticeboards', 'Library, community centre, church hall, pharmacy and shops that allow it.'],
      ]),
      first: week('Run a Free Taster Session', 'Build on the notices: a free taster that lets {buyers} try {offer} and sign up on the spot.', 'Taster held, 15 people came and 8 signed up for the first term or visits.', [
        ['Run a free 45-minute taster at the school or community centre', 'The real thing for 45 minutes, then sign-up forms.'],
        ['Take sign-ups and payment at the taster', 'A form, and a card reader or bank details.'],
        ['Collect contact details from everyone at the taster', 'With permission, so you can tell them about the next start.'],
      ]),
      deliver: week('Run Sessions Families and Carers Talk About', 'Run the first sessions so {buyers} see progress, and send an update they pass on.', 'Every session delivered, a progress update sent and 3 testimonials from families or carers.', [
        ['Put photos of the group\'s work on the community centre noticeboard', 'With permission, and the date of the next start; it is what other {buyers} see.'],
        ['Send families or carers a short update after each session', 'What you did and one thing that went well.'],
        ['Ask families or carers for a testimonial', 'What changed, in their words, for your next flyer.'],
      ]),
      grow: week('Grow {offer} to a Second Group', 'Grow from the first group: a waiting list, a second school or centre and word of mouth among {buyers}.', 'A waiting list of 10, a second school or centre agreed and the second group started.', [
        ['Start a waiting list for the next group', 'Families or neighbours who missed the first start.'],
        ['Offer {offer} to a second school or community centre', 'Show photos and testimonials from the first group.'],
        ['Ask each family or carer to tell one friend', 'A small discount for each new sign-up they bring.'],
      ]),
      scale: week('Make {offer} a Steady Termly Income', 'Make {offer} steady: next term booked before this one ends, prices reviewed and a helper if groups grow.', 'Next term booked and paid by 70% of the group, prices reviewed and a third group planned.', [
        ['Take bookings for next term before this one ends', 'An early sign-up discount for current members.'],
        ['Review prices and room costs for next term', 'Raise prices where groups are full.'],
      ]),
    },
  },
};

/** The channels in detection order (a tie in a text goes to the first). */
export const channelList: Channel[] = channelIds.map((id) => channels[id]);

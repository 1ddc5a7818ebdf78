import { audience } from '../../../plugins/sessions';

/** Everyone: what crawlers and feed readers fetch (the sitemap, robots.txt, the blog's feed). */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');

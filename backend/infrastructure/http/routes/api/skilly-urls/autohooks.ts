import { audience } from '../../../plugins/sessions';

/** Everyone: the platform directory of /faqs. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');

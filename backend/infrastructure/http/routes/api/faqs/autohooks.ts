import { audience } from '../../../plugins/sessions';

/** Everyone: the FAQ of /faqs. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');

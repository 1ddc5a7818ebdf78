import { audience } from '../../../plugins/sessions';

/** Everyone: the company and contact pages' content, and the contact form. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');

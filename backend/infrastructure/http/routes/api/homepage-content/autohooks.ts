import { audience } from '../../../plugins/sessions';

/** Everyone: the landing page texts. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');

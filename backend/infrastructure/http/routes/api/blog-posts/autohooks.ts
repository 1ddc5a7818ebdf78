import { audience } from '../../../plugins/sessions';

/** Everyone: the public blog. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');
